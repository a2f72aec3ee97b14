/** "73%" — proportions shown as whole percents. */
export function percent(p: number | null): string {
  return p === null || !Number.isFinite(p) ? "–" : `${Math.round(p * 100)}%`;
}

/** "74–97%" — a proportion's interval, or "–" when there is none (no runs). */
export function percentInterval(ci: readonly [number, number] | null): string {
  if (!ci) return "–";
  return `${Math.round(ci[0] * 100)}–${Math.round(ci[1] * 100)}%`;
}

/** "6.6 s" for durations from 1 s, "320 ms" below; "–" when missing. */
export function duration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return "–";
  return ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`;
}

/** "1,351": whole numbers with thousands separators; "–" when missing. */
export function integer(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return "–";
  return Math.round(n).toLocaleString("en-US");
}

/** "12/30": k of n. */
export function fraction(k: number, n: number): string {
  return `${k}/${n}`;
}

/** "+12 pts", "−5 pts", "0 pts": a difference of proportions in percentage points. */
export function signedPoints(d: number | null | undefined): string {
  if (d === null || d === undefined || !Number.isFinite(d)) return "–";
  const v = Math.round(d * 100);
  return `${v > 0 ? "+" : v < 0 ? "−" : ""}${Math.abs(v)} pts`;
}

/** "[−5, +60]": an interval of a difference, in percentage points. */
export function pointsInterval(ci: readonly [number, number] | null | undefined): string {
  if (!ci) return "–";
  const p = (x: number) => signedPoints(x).replace(" pts", "");
  return `[${p(ci[0])}, ${p(ci[1])}]`;
}
