import "server-only";
import type { RunScore } from "@/domain/scoring/types";
import type { Task } from "@/domain/suite/schema";
import { acquireWorker, releaseWorker, scoreTimeLimitMs } from "./workers";

/** A run of the session as it was before rescoring. */
export interface RescoreRun {
  id: string;
  taskId: string;
  configId: string;
  repeat: number;
  passed: boolean;
  outcome: string;
  taskVersion: number;
}
/** Where the worker reads the traces: the SQLite file, or the PostgreSQL database (its own connection). */
export type TraceSource = { dbPath: string } | { pgUrl: string };
export type RescoreSkip = "missing_task" | "imported" | "unreadable";
export type RescoreResult =
  | { run: RescoreRun; score: RunScore }
  | { run: RescoreRun; skip: RescoreSkip }
  | { run: RescoreRun; unscorable: string };

type Message = {
  start?: RescoreRun;
  run?: RescoreRun;
  score?: RunScore;
  skip?: RescoreSkip;
  failed?: string;
  done?: true;
};

/**
 * Scores every run of a session again on a worker thread (./rescore-rows.mjs), in run id order,
 * with `tasks` (task id → the newest version to score with), each run within the time limit
 * (ADR 6). The worker reads the traces itself, so only scores cross between threads. A run still
 * scoring after the limit is reported `unscorable`, its worker terminated, and a fresh worker goes
 * on after it. Throws only when the worker cannot start or read the database.
 */
export async function rescoreOffThread(
  source: TraceSource,
  sessionId: string,
  tasks: Record<string, Task>,
): Promise<RescoreResult[]> {
  const results: RescoreResult[] = [];
  let after = "";
  for (;;) {
    const worker = await acquireWorker();
    const ended = await new Promise<{ done: true } | { stopped: RescoreRun | null; reason: string }>((resolve) => {
      let current: RescoreRun | null = null;
      let timer: NodeJS.Timeout | undefined;
      const end = (e: { done: true } | { stopped: RescoreRun | null; reason: string }) => {
        clearTimeout(timer);
        resolve(e);
      };
      worker.on("message", (m: Message) => {
        if (m.start) {
          current = m.start;
          timer = setTimeout(
            () =>
              end({ stopped: current, reason: `scoring took longer than the ${scoreTimeLimitMs() / 1000} s limit` }),
            scoreTimeLimitMs(),
          );
        } else if (m.run) {
          clearTimeout(timer);
          current = null;
          after = m.run.id;
          results.push(m.score ? { run: m.run, score: m.score } : { run: m.run, skip: m.skip ?? "unreadable" });
        } else if (m.failed !== undefined) end({ stopped: null, reason: m.failed });
        else if (m.done) end({ done: true });
      });
      worker.on("error", (e) => end({ stopped: current, reason: `the scoring worker failed (${e.message})` }));
      worker.on("exit", () => end({ stopped: current, reason: "the scoring worker stopped" }));
      worker.postMessage({ kind: "rescore", ...source, sessionId, after, tasks });
    });
    if ("done" in ended) {
      releaseWorker(worker);
      return results;
    }
    worker.removeAllListeners();
    void worker.terminate();
    // Stopped outside any one run's scoring: going on after the last run would only stop again.
    if (!ended.stopped) throw new Error(`rescoring session ${sessionId} stopped: ${ended.reason}`);
    results.push({ run: ended.stopped, unscorable: ended.reason });
    after = ended.stopped.id;
  }
}
