/** Decode speed in tokens per second: outputTokens / decodeMs × 1000; null without decode time. */
export function tokensPerSecond(outputTokens: number, decodeMs: number): number | null {
  if (!(decodeMs > 0) || !Number.isFinite(outputTokens)) return null;
  return (outputTokens / decodeMs) * 1000;
}

/** Share of the context window in use (may exceed 1 when a turn overflowed); null without a window. */
export function contextFraction(contextTokens: number, contextWindow: number | null | undefined): number | null {
  if (!contextWindow || contextWindow <= 0 || !Number.isFinite(contextTokens)) return null;
  return contextTokens / contextWindow;
}

/** "12.4 tok/s"; "–" when unknown. */
export function formatSpeed(tps: number | null): string {
  return tps === null ? "–" : `${tps.toFixed(1)} tok/s`;
}
