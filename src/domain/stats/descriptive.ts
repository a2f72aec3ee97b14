import { median as ssMedian } from "simple-statistics";

/**
 * Median of a list: the middle value, or the mean of the two middle values for an even count
 * (simple-statistics' `median`, its quantile at p = ½). Returns null for an empty list, where
 * simple-statistics would throw, and ignores non-finite values (a missing timing is not a time).
 */
export function median(values: readonly number[]): number | null {
  const finite = values.filter((v) => Number.isFinite(v));
  return finite.length === 0 ? null : ssMedian(finite);
}

/**
 * Strict majority of boolean outcomes, e.g. whether a task "passes" over its repeats: true when
 * more than half are true, false when more than half are false, null for an empty list or an
 * exact tie (no majority). simple-statistics has no boolean majority.
 */
export function majority(flags: readonly boolean[]): boolean | null {
  let yes = 0;
  for (const f of flags) if (f) yes++;
  const no = flags.length - yes;
  return yes === no ? null : yes > no;
}

/**
 * The most frequent item (e.g. a config's typical outcome label), ties going to the one seen
 * first; null for an empty list. simple-statistics' `mode` takes numbers only and breaks ties
 * by sort order, so it does not fit string labels.
 */
export function mostCommon<T>(items: readonly T[]): T | null {
  const counts = new Map<T, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  let best: T | null = null;
  let bestCount = 0;
  // Maps iterate in insertion order, so a strict ">" keeps the first-seen item on a tie.
  for (const [item, c] of counts) {
    if (c > bestCount) {
      best = item;
      bestCount = c;
    }
  }
  return best;
}
