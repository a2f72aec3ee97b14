import "server-only";
import type { Worker } from "node:worker_threads";
import type { RunScore } from "@/domain/scoring/types";
import type { Task } from "@/domain/suite/schema";
import { acquireWorker, releaseWorker, scoreTimeLimitMs } from "./workers";

export type OffThreadResult = { score: RunScore } | { unscorable: string };

interface Item {
  task: Task;
  body: string;
  contextWindow: number | null;
  resolve: (r: OffThreadResult) => void;
}

/**
 * Scores one arriving trace on a worker thread, within the time limit (ADR 6). The server's
 * thread only posts the body text and receives the score, so a trace whose suite regexes take
 * seconds cannot hold up other requests. Traces are scored one at a time, in arrival order, on
 * one worker; a trace still scoring after the limit has its worker terminated (a regex cannot be
 * interrupted any other way) and is answered `unscorable`, and the traces behind it go to a fresh
 * worker. Never rejects.
 */
export function scoreOffThread(task: Task, body: string, contextWindow: number | null): Promise<OffThreadResult> {
  return new Promise((resolve) => {
    lane.queue.push({ task, body, contextWindow, resolve });
    if (lane.queue.length === 1) void next();
  });
}

const lane: { queue: Item[]; worker: Worker | null; timer?: NodeJS.Timeout } = { queue: [], worker: null };

async function next(): Promise<void> {
  const item = lane.queue[0];
  if (!item) {
    if (lane.worker) releaseWorker(lane.worker);
    lane.worker = null;
    return;
  }
  if (!lane.worker) {
    try {
      lane.worker = await acquireWorker();
    } catch (e) {
      return settle({
        unscorable: `the scoring worker could not start (${e instanceof Error ? e.message : String(e)})`,
      });
    }
    const w = lane.worker;
    // Events of a worker already stopped (or given back) must not settle the next trace.
    w.on("message", (m: { score?: RunScore; error?: string }) => {
      if (lane.worker === w)
        settle(m.score ? { score: m.score } : { unscorable: `the scorer could not read the trace (${m.error})` });
    });
    w.on("error", (e) => lane.worker === w && stop(`the scoring worker failed (${e.message})`));
    w.on("exit", () => lane.worker === w && stop("the scoring worker stopped"));
  }
  // The clock starts when this trace's scoring starts, not when it arrived behind others.
  lane.timer = setTimeout(
    () => stop(`scoring took longer than the ${scoreTimeLimitMs() / 1000} s limit`),
    scoreTimeLimitMs(),
  );
  lane.worker.postMessage({ id: 1, task: item.task, body: item.body, contextWindow: item.contextWindow });
}

function settle(result: OffThreadResult): void {
  clearTimeout(lane.timer);
  lane.queue.shift()?.resolve(result);
  void next();
}

function stop(reason: string): void {
  const worker = lane.worker;
  lane.worker = null;
  void worker?.terminate();
  settle({ unscorable: reason });
}
