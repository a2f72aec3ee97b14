import { duration } from "../stats/format";

/** A config's median start-up tokens and load time, with the load the TTFT line predicts. */
export interface LoadRow {
  configId: string;
  startupTokens: number | null;
  measuredLoadMs: number | null;
  predictedLoadMs: number | null;
}

/** Each config's predicted and measured load with measured − predicted (null when either is missing). */
export function loadTable(rows: LoadRow[]) {
  return rows.map((r) => ({
    ...r,
    differenceMs: r.measuredLoadMs !== null && r.predictedLoadMs !== null ? r.measuredLoadMs - r.predictedLoadMs : null,
  }));
}

export interface LoadContrast {
  a: string;
  b: string;
  /** a's start-up tokens minus b's. */
  tokenDiff: number;
  /** slope × tokenDiff: the extra load the line predicts (the intercept cancels). */
  predictedDiffMs: number;
  /** a's measured median load minus b's, or null when either is missing. */
  measuredDiffMs: number | null;
}

/**
 * The study's check of the line (§5): predicted load difference between two configs is
 * slope × (tokens_a − tokens_b), set beside their measured difference. With 5.2 ms/token,
 * files-plan (1,351 tokens) vs bash (300) predicts 1,051 × 5.2 = 5,465 ms; measured 5.6 s.
 */
export function loadContrast(slopeMsPerToken: number, a: LoadRow, b: LoadRow): LoadContrast | null {
  if (a.startupTokens === null || b.startupTokens === null || !Number.isFinite(slopeMsPerToken)) return null;
  const tokenDiff = a.startupTokens - b.startupTokens;
  return {
    a: a.configId,
    b: b.configId,
    tokenDiff,
    predictedDiffMs: slopeMsPerToken * tokenDiff,
    measuredDiffMs: a.measuredLoadMs !== null && b.measuredLoadMs !== null ? a.measuredLoadMs - b.measuredLoadMs : null,
  };
}

/**
 * Which two configs to contrast: the study's pair (files-plan vs bash) when both are present,
 * else the configs with the most and the fewest start-up tokens (ties broken by id). Null with
 * fewer than two configs that have start-up tokens, or when they all have the same count.
 */
export function contrastPair(rows: LoadRow[]): [LoadRow, LoadRow] | null {
  const known = rows.filter((r) => r.startupTokens !== null).sort((x, y) => (x.configId < y.configId ? -1 : 1));
  const fp = known.find((r) => r.configId === "files-plan");
  const bash = known.find((r) => r.configId === "bash");
  if (fp && bash) return [fp, bash];
  if (known.length < 2) return null;
  let hi = known[0];
  let lo = known[0];
  for (const r of known) {
    if (r.startupTokens! > hi.startupTokens!) hi = r;
    if (r.startupTokens! < lo.startupTokens!) lo = r;
  }
  return hi === lo || hi.startupTokens === lo.startupTokens ? null : [hi, lo];
}

/** "+5.5 s" / "−320 ms": a difference in time with its sign; "–" when missing. */
export function signedDuration(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return "–";
  return `${ms < 0 ? "−" : "+"}${duration(Math.abs(ms))}`;
}
