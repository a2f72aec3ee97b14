import "server-only";
import path from "node:path";
import { Worker } from "node:worker_threads";

/**
 * The longest one trace may take to score, off the server's thread, before it is stopped and the
 * run stored as unscorable (ADR 6). Real traces score in about a millisecond (16 KB) and the
 * worst trace the limits allow for the default suite in well under a second (docs/security.md),
 * so five seconds is far above any honest run and short enough that a phone queued behind a bad
 * trace still gets its `201` promptly.
 */
export const SCORE_TIME_LIMIT_MS = 5_000;

const g = globalThis as unknown as { __harnessLabScoring?: { limitMs: number; idle: Worker[] } };
const state = () => (g.__harnessLabScoring ??= { limitMs: SCORE_TIME_LIMIT_MS, idle: [] });

/** The time limit in force (tests shorten it to reach the unscorable path quickly). */
export const scoreTimeLimitMs = () => state().limitMs;
export function setScoreTimeLimit(ms: number | undefined): void {
  state().limitMs = ms ?? SCORE_TIME_LIMIT_MS;
}

/**
 * A scoring worker that has finished loading (./score-worker.mjs: ~0.3–1.5 s to load the domain
 * code through tsx), taken from the idle ones when there is one. It is held (ref) while in use;
 * give it back with `releaseWorker`, or `terminate` it when its scoring ran past the limit.
 */
export function acquireWorker(): Promise<Worker> {
  const idle = state().idle.pop();
  if (idle) {
    idle.ref();
    return Promise.resolve(idle);
  }
  return new Promise((resolve, reject) => {
    const worker = new Worker(
      path.join(/*turbopackIgnore: true*/ process.cwd(), "src", "server", "scoring", "score-worker.mjs"),
    );
    const ready = (m: { ready?: true }) => {
      if (!m.ready) return;
      worker.off("message", ready);
      worker.off("error", reject);
      resolve(worker);
    };
    worker.on("message", ready);
    worker.on("error", reject);
    worker.once("exit", () => reject(new Error("the scoring worker stopped while loading")));
    worker.once("exit", () => forget(worker));
  });
}

/** At most this many loaded workers wait unused (one for arriving traces, one for a rescore). */
const MAX_IDLE = 2;

/** Hands a worker back for the next scoring; it no longer keeps the process alive. */
export function releaseWorker(worker: Worker): void {
  worker.removeAllListeners("message");
  worker.removeAllListeners("error");
  worker.removeAllListeners("exit");
  worker.once("exit", () => forget(worker));
  worker.on("error", () => undefined); // an idle worker that fails is dropped by its exit listener
  const s = state();
  if (s.idle.length >= MAX_IDLE) return void worker.terminate();
  worker.unref();
  s.idle.push(worker);
}

/**
 * Loads one worker ahead of the first trace, so the first phone's result is not also waiting for
 * the 0.3–1.5 s load. A worker that cannot start is reported here and tried again on first use.
 */
export function prewarmScoring(): void {
  acquireWorker().then(releaseWorker, (e: unknown) => console.error("[harness-lab] scoring worker did not start:", e));
}

function forget(worker: Worker): void {
  const s = state();
  s.idle = s.idle.filter((w) => w !== worker);
}
