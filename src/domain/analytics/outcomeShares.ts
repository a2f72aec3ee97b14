import { OUTCOMES, type Outcome } from "../scoring/types";
import { integer } from "../stats/format";
import type { OutcomeRow } from "./outcomes";

/** One stacked bar: each outcome's share of the config's runs (0–1) under its label, its count under `n_<label>`. */
export interface OutcomeShareRow {
  configId: string;
  total: number;
  [key: string]: string | number;
}

/**
 * Outcome counts as shares of each config's runs, so configs with different run counts stack to
 * the same height (a raw count bar made a config with more runs look worse at everything). A
 * config without runs has every share 0. The counts ride along for the hover.
 */
export function outcomeShares(rows: readonly OutcomeRow[]): OutcomeShareRow[] {
  return rows.map((r) => {
    const out: OutcomeShareRow = { configId: r.configId, total: r.total };
    for (const o of OUTCOMES) {
      const n = r.counts[o] ?? 0;
      out[o] = r.total ? n / r.total : 0;
      out[`n_${o}`] = n;
    }
    return out;
  });
}

/** "38% (9 of 24 runs)": an outcome's share with the count behind it, for the hover. */
export function shareText(share: number, count: number, total: number): string {
  return `${Math.round(share * 100)}% (${integer(count)} of ${integer(total)} run${total === 1 ? "" : "s"})`;
}

/** "gave up", "wrong result": an outcome label in words. */
export const outcomeWords = (o: Outcome | string): string => o.replace(/_/g, " ");
