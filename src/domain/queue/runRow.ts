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
  /** The paired token (devices.id) the result came in on; null for an imported run. */
  tokenDeviceId: string | null;
  /** The trace's `device.id` differs from the one the lease's poll reported (issue 34.2). */
  deviceMismatch: boolean;
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
  /** The lease the result came in on: its token's device and the `device.id` its poll reported (null: not kept). */
  lease: { deviceId: string; reportedDeviceId: string | null };
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
    tokenDeviceId: o.lease.deviceId,
    deviceMismatch: deviceMismatch(o.lease.reportedDeviceId, trace.device.id),
  };
}

/**
 * Whether a result's phone is not the one that polled for its lease (issue 34.2): the trace's
 * `device.id` differs from the poll's. Such a result is stored and flagged, never refused (protocol
 * §1 has no code for it). Unknown when the lease predates keeping the poll's id: not flagged.
 */
export function deviceMismatch(pollReported: string | null, traceReported: string): boolean {
  return pollReported !== null && pollReported !== traceReported;
}
