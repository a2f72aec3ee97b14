import { type Prediction, type SlopeFit, slopeTimes } from "../stats/slope-times";

/**
 * The load contrast of two configs, the study's check of the prefill line (§5; figures in
 * `../study/reference.ts`): the line predicts that a's extra start-up tokens cost
 * slope × (tokens_a − tokens_b) of load (the intercept cancels), set beside the measured
 * difference of their median loads. One function for the latency page, the budget page and
 * their API routes, over the two configs the user picks.
 */
export interface ContrastConfig {
  configId: string;
  /** Start-up tokens: the phones' median (latency) or the tokenizer's count (budget); null when unknown. */
  startupTokens: number | null;
  measuredLoadMs: number | null;
}

export interface LoadContrast {
  a: string;
  b: string;
  aTokens: number;
  bTokens: number;
  /** a's start-up tokens minus b's. */
  tokenDiff: number;
  /** slope × tokenDiff, with the slope's 95% interval times tokenDiff (ordered low to high). */
  predicted: Prediction;
  /** a's measured median load minus b's; null when either has none. */
  measuredDiffMs: number | null;
}

export type ContrastPick =
  { ok: true; pair: [ContrastConfig, ContrastConfig] | null } | { ok: false; param: "a" | "b"; message: string };

const byId = (x: ContrastConfig, y: ContrastConfig) => (x.configId < y.configId ? -1 : x.configId > y.configId ? 1 : 0);

/**
 * Which two configs to contrast. Given ids must name configs with start-up tokens here and differ
 * (otherwise a sentence saying what to pick). Without ids: the configs with the most and the fewest
 * start-up tokens (ties to the first id); with one id, the other side is the config farthest from it
 * in tokens. `pair` is null when fewer than two configs have tokens or they all have the same count.
 */
export function pickContrast(rows: readonly ContrastConfig[], a?: string, b?: string): ContrastPick {
  const known = rows.filter((r) => r.startupTokens !== null).sort(byId);
  const names = known.map((r) => `\`${r.configId}\``).join(", ") || "none yet";
  const find = (id: string | undefined, param: "a" | "b") => {
    if (id === undefined) return { row: undefined };
    const row = known.find((r) => r.configId === id);
    return row
      ? { row }
      : {
          error: {
            ok: false as const,
            param,
            message: `Config \`${id}\` has no start-up tokens in this selection, so it cannot be contrasted; pick one of: ${names}.`,
          },
        };
  };
  const fa = find(a, "a");
  if (fa.error) return fa.error;
  const fb = find(b, "b");
  if (fb.error) return fb.error;
  if (fa.row && fb.row) {
    if (fa.row === fb.row)
      return {
        ok: false,
        param: "b",
        message: `Both sides of the contrast are \`${fa.row.configId}\`; pick two different configs.`,
      };
    return { ok: true, pair: [fa.row, fb.row] };
  }
  const tokens = (r: ContrastConfig) => r.startupTokens!;
  const given = fa.row ?? fb.row;
  if (given) {
    const others = known.filter((r) => r !== given);
    if (!others.length) return { ok: true, pair: null };
    const far = others.reduce((best, r) =>
      Math.abs(tokens(r) - tokens(given)) > Math.abs(tokens(best) - tokens(given)) ? r : best,
    );
    return { ok: true, pair: fa.row ? [given, far] : [far, given] };
  }
  if (known.length < 2) return { ok: true, pair: null };
  const hi = known.reduce((best, r) => (tokens(r) > tokens(best) ? r : best));
  const lo = known.reduce((best, r) => (tokens(r) < tokens(best) ? r : best));
  return { ok: true, pair: tokens(hi) === tokens(lo) ? null : [hi, lo] };
}

/** The contrast of a picked pair under a fitted slope. */
export function loadContrast(fit: SlopeFit, a: ContrastConfig, b: ContrastConfig): LoadContrast | null {
  if (a.startupTokens === null || b.startupTokens === null || !Number.isFinite(fit.slopeMsPerToken)) return null;
  const tokenDiff = a.startupTokens - b.startupTokens;
  return {
    a: a.configId,
    b: b.configId,
    aTokens: a.startupTokens,
    bTokens: b.startupTokens,
    tokenDiff,
    predicted: slopeTimes(fit, tokenDiff),
    measuredDiffMs: a.measuredLoadMs !== null && b.measuredLoadMs !== null ? a.measuredLoadMs - b.measuredLoadMs : null,
  };
}
