import { signTest } from "./sign-test";

/**
 * Exact (conditional) two-sided McNemar test for paired binary outcomes (McNemar 1947,
 * Psychometrika 12:153–157; the exact conditional form, e.g. Fagerland, Lydersen & Laake 2013,
 * BMC Med Res Methodol 13:91). Only the discordant pairs count: b (a passed, b failed) and c (a failed,
 * b passed). Given b + c, under H₀ b ~ Bin(b + c, ½), so the test is the sign test on b vs c:
 *
 *   p = min(1, 2·P(X ≤ min(b, c)))
 *
 * With no discordant pairs p = 1.
 */
export function mcnemarExact(aOnly: number, bOnly: number): number {
  return signTest(bOnly, aOnly);
}

/** The 2×2 table of paired run outcomes, plus the runs that found no partner. */
export interface PairCounts {
  /** Pairs where both runs passed. */
  both: number;
  /** Pairs where only a's run passed (discordant, b in McNemar's notation). */
  aOnly: number;
  /** Pairs where only b's run passed (discordant, c in McNemar's notation). */
  bOnly: number;
  /** Pairs where neither run passed. */
  neither: number;
  /** Runs of a with no run of b under the same key. */
  unpairedA: number;
  /** Runs of b with no run of a under the same key. */
  unpairedB: number;
}

/**
 * Pairs two sets of run outcomes by a key (the protocol pairs by session, task and repeat) and
 * counts the 2×2 table McNemar's test needs. Runs without a partner are counted, not paired.
 * A key that occurs twice on one side makes the pairing ambiguous and throws a RangeError.
 */
export function pairRuns<T extends { passed: boolean }>(
  a: readonly T[],
  b: readonly T[],
  key: (run: T) => string,
): PairCounts {
  const index = (runs: readonly T[], side: string): Map<string, boolean> => {
    const m = new Map<string, boolean>();
    for (const r of runs) {
      const k = key(r);
      if (m.has(k)) throw new RangeError(`key ${JSON.stringify(k)} occurs twice in ${side}`);
      m.set(k, r.passed);
    }
    return m;
  };
  const byA = index(a, "a");
  const byB = index(b, "b");
  const counts: PairCounts = { both: 0, aOnly: 0, bOnly: 0, neither: 0, unpairedA: 0, unpairedB: 0 };
  for (const [k, pa] of byA) {
    const pb = byB.get(k);
    if (pb === undefined) counts.unpairedA++;
    else if (pa && pb) counts.both++;
    else if (pa) counts.aOnly++;
    else if (pb) counts.bOnly++;
    else counts.neither++;
  }
  for (const k of byB.keys()) if (!byA.has(k)) counts.unpairedB++;
  return counts;
}
