/**
 * What the latency budget page says while the Gemma tokenizer loads (issue 34.11): how long it has
 * been loading, and how long is left when a previous load's time is known, else the usual range.
 */
export interface TokenizerLoading {
  loadingForMs: number;
  /** How long the last completed load took (this process), or null before any. */
  lastLoadMs: number | null;
}

/** A load usually takes this long (2–25 s: 33 MB of vocabulary parsed on a worker thread). */
export const TYPICAL_LOAD_MS = { min: 2_000, max: 25_000 } as const;

const seconds = (ms: number) => `${Math.max(0, Math.round(ms / 1000))} s`;

export function tokenizerLoadingView(t: TokenizerLoading): {
  text: string;
  /** For a progress bar: value and max in ms (the expected total), or null when nothing honest can be drawn. */
  progress: { value: number; max: number } | null;
} {
  const so = `Loading the Gemma tokenizer to count start-up tokens: ${seconds(t.loadingForMs)} so far`;
  if (t.lastLoadMs !== null && t.lastLoadMs > 0) {
    const left = t.lastLoadMs - t.loadingForMs;
    return {
      text:
        left > 1000
          ? `${so}, about ${seconds(left)} left (the last load took ${seconds(t.lastLoadMs)}).`
          : `${so}; the last load took ${seconds(t.lastLoadMs)}, so it should be ready any moment.`,
      progress: { value: Math.min(t.loadingForMs, t.lastLoadMs), max: t.lastLoadMs },
    };
  }
  return {
    text: `${so}; a first load usually takes ${TYPICAL_LOAD_MS.min / 1000}–${seconds(TYPICAL_LOAD_MS.max)}.`,
    progress: null,
  };
}
