import type { Trace } from "../protocol";
import type { Config, Task } from "../suite/schema";

/** The `runs` row of a submitted trace: what analytics filter on, copied out of the trace and its job. */
export interface RunRow {
  id: string;
  jobId: string;
  sessionId: string;
  leaseTokenHash: string;
  attempt: number;
  taskId: string;
  taskVersion: number;
  taskGroup: string;
  heldOut: boolean;
  configId: string;
  configVersion: number;
  repeat: number;
  deviceId: string;
  deviceModel: string;
  buildCommit: string;
  model: string;
  startedAt: string;
  receivedAt: number;
  thermalAtStart: string | null;
  charging: boolean | null;
  superseded: boolean;
  contextWindow: number;
  toolsDropped: boolean;
  loadCachedTokens: number | null;
}

/** The job a run completes, as far as its row needs it. */
export interface RunJob {
  id: string;
  sessionId: string;
  taskId: string;
  taskVersion: number;
  configId: string;
  configVersion: number;
  repeat: number;
}

/**
 * A run's row from its trace, job, task and config: one function for ingest (submitResult) and the
 * seed (scripts/lib/seedDb.ts), so a seeded database holds what phones would have left.
 */
export function runRowOf(o: {
  id: string;
  job: RunJob;
  trace: Pick<Trace, "attempt" | "device" | "build" | "startedAt" | "conditions" | "toolsDropped" | "load">;
  task: Pick<Task, "group" | "heldOut">;
  config: Pick<Config, "contextWindow">;
  leaseTokenHash: string;
  receivedAt: number;
  superseded: boolean;
}): RunRow {
  const { job, trace } = o;
  return {
    id: o.id,
    jobId: job.id,
    sessionId: job.sessionId,
    leaseTokenHash: o.leaseTokenHash,
    attempt: trace.attempt,
    taskId: job.taskId,
    taskVersion: job.taskVersion,
    taskGroup: o.task.group,
    heldOut: !!o.task.heldOut,
    configId: job.configId,
    configVersion: job.configVersion,
    repeat: job.repeat,
    deviceId: trace.device.id,
    deviceModel: trace.device.model,
    buildCommit: trace.build.commit,
    model: trace.build.model,
    startedAt: trace.startedAt,
    receivedAt: o.receivedAt,
    thermalAtStart: trace.conditions?.thermalAtStart ?? null,
    charging: trace.conditions?.charging ?? null,
    superseded: o.superseded,
    contextWindow: o.config.contextWindow,
    toolsDropped: !!trace.toolsDropped,
    loadCachedTokens: trace.load.cachedTokens ?? null,
  };
}
