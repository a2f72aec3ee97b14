/**
 * A complete device loop on @harness-lab/protocol: poll, prepare, run, heartbeat, submit, and
 * give a job back when it cannot run. Plug your agent in as `runAgent`; `scriptedAgent` below is
 * a stand-in that answers without a model, to try the loop against a dashboard.
 *
 *   import { runDevice, scriptedAgent } from "./device-loop";
 *   await runDevice({ url: "http://192.168.1.20:3000", token, me, runAgent: scriptedAgent, maxJobs: 10 });
 */
import {
  createDeviceClient,
  InvalidJobError,
  ProtocolHttpError,
  type Build,
  type Device,
  type Job,
  type TraceBody,
} from "@harness-lab/protocol";

/** What the loop hands the agent: the job, a signal that aborts when the lease is lost, and where to report the turn. */
export interface AgentRun {
  job: Job;
  signal: AbortSignal;
  onTurn: (turn: number) => void;
}
/** Runs one job and returns its trace without lease token, attempt, device and build (the loop adds them, as polled). */
export type Agent = (run: AgentRun) => Promise<Omit<TraceBody, "leaseToken" | "attempt" | "device" | "build">>;

export interface DeviceLoopOptions {
  url: string;
  token: string;
  me: { device: Device; build: Build };
  runAgent: Agent;
  /** Stop after this many jobs (default: never). */
  maxJobs?: number;
  /** Stop at the first poll with nothing to do (default: keep polling). */
  untilIdle?: boolean;
  /** Long-poll seconds (0–30, default 20). */
  wait?: number;
  signal?: AbortSignal;
  log?: (line: string) => void;
}

/** Works through jobs until told to stop; returns how many results the dashboard stored. */
export async function runDevice(o: DeviceLoopOptions): Promise<number> {
  const client = createDeviceClient({ url: o.url, token: o.token });
  const log = o.log ?? (() => {});
  let stored = 0;
  let handled = 0;
  while (!o.signal?.aborted && (o.maxJobs === undefined || handled < o.maxJobs)) {
    let job: Job | null;
    try {
      job = await client.poll({ ...o.me, state: { thermal: "nominal" } }, { wait: o.wait ?? 20, signal: o.signal });
    } catch (e) {
      // A job this build cannot read: hand it back so another device (or attempt) can take it.
      if (e instanceof InvalidJobError && e.jobId && e.leaseToken) {
        await client.fail(e.jobId, { leaseToken: e.leaseToken, reason: "invalid_job", detail: e.message });
        continue;
      }
      throw e;
    }
    if (!job) {
      if (o.untilIdle) break;
      continue;
    }
    handled++;
    let turn = 0;
    const beat = client.startHeartbeat(job, { turn: () => turn, onError: (e) => log(`heartbeat: ${String(e)}`) });
    try {
      const trace = await o.runAgent({ job, signal: beat.leaseLost, onTurn: (n) => (turn = n) });
      beat.stop();
      if (beat.lost) {
        log(`${job.id}: lease lost, abandoned`);
        continue;
      }
      const answer = await client.result(job.id, {
        ...trace,
        ...o.me,
        leaseToken: job.lease.token,
        attempt: job.attempt,
      });
      stored++;
      log(`${job.id}: ${answer.outcome}${answer.passed ? " (passed)" : ""} → ${answer.runId}`);
    } catch (e) {
      if (e instanceof ProtocolHttpError && e.status === 409) {
        log(`${job.id}: lease lost, abandoned`);
        continue;
      }
      throw e;
    } finally {
      beat.stop();
    }
  }
  return stored;
}

/**
 * A stand-in agent: one turn, no tool call, the workspace left as it was given. It is what a
 * model that answers without acting would produce, so the dashboard scores it as such.
 */
export const scriptedAgent: Agent = async ({ job, onTurn }) => {
  const started = new Date();
  onTurn(1);
  const reply = `I read "${job.task.prompt.slice(0, 60)}" but this stand-in agent cannot act.`;
  return {
    startedAt: started.toISOString(),
    endedAt: new Date().toISOString(),
    conditions: { thermalAtStart: "nominal" },
    load: { startupTokens: Math.ceil(job.config.systemPrompt.length / 4), ms: 1 },
    turns: [
      { promptTokens: 10, contextTokens: 10, ttftMs: 1, outputTokens: 12, decodeMs: 1, text: reply, toolCalls: [] },
    ],
    reply,
    end: { reason: "stop" },
    peakContextTokens: 10,
    workspace: job.task.workspace,
  };
};
