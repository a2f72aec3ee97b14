/** "73%" — proportions shown as whole percents. */
export function percent(p: number | null): string {
  return p === null || !Number.isFinite(p) ? "–" : `${Math.round(p * 100)}%`;
}

/** "74–97%" — a proportion's interval, or "–" when there is none (no runs). */
export function percentInterval(ci: readonly [number, number] | null): string {
  if (!ci) return "–";
  return `${Math.round(ci[0] * 100)}–${Math.round(ci[1] * 100)}%`;
}
