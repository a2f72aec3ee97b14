import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import { wilson } from "./wilson";

export const CALIBRATION_DRAWS = 1000;
export const CALIBRATION_SEED = 31;

/** How often a decision procedure rejects on data where nothing changed. */
export interface NullRejection {
  /** Permuted comparisons drawn, and how many the procedure rejected. */
  draws: number;
  rejected: number;
  rate: number;
  /** Wilson 95% interval of the rate. */
  ci: [number, number];
  seed: number;
  alpha: number;
}

/**
 * The rejection rate of a decision procedure under a label-permutation null built from the
 * researcher's own data (Good 2005, §3.1; the exchangeability the sign-flip test rests on): in
 * each draw every task's two sides are swapped with probability ½ (so each task's repeats stay
 * together, and any real difference between a and b is scrambled), `rejects` is asked whether
 * the procedure would call that a difference, and the share of draws it did is returned with its
 * Wilson interval. A valid test at α rejects at most about α of them; a test that counts repeats
 * as independent rejects far more. `flips[i]` is −1 when task i's sides are swapped.
 */
export function nullRejection(
  tasks: number,
  rejects: (flips: Int8Array) => boolean,
  alpha: number,
  opts: { draws?: number; seed?: number } = {},
): NullRejection {
  const draws = opts.draws ?? CALIBRATION_DRAWS;
  const seed = opts.seed ?? CALIBRATION_SEED;
  const gen = xoroshiro128plus(seed | 0);
  const flips = new Int8Array(tasks);
  let rejected = 0;
  let bits = 0;
  let left = 0;
  for (let r = 0; r < draws; r++) {
    for (let i = 0; i < tasks; i++) {
      if (left === 0) {
        bits = gen.next();
        left = 32;
      }
      flips[i] = bits & 1 ? 1 : -1;
      bits >>>= 1;
      left--;
    }
    if (rejects(flips)) rejected++;
  }
  return { draws, rejected, rate: rejected / draws, ci: wilson(rejected, draws)!, seed, alpha };
}

const pct1 = (x: number) => `${(Math.round(x * 1000) / 10).toFixed(1)}%`;

/**
 * "On this data the test rejects 4.6% of A/A comparisons at α 0.05 (95% CI 3.4–6.1%; a and b
 * swapped at random within each task, 1,000 draws, seed 31)." `what` names the procedure.
 */
export function nullRejectionSentence(r: NullRejection, what = "the test"): string {
  return (
    `On this data ${what} rejects ${pct1(r.rate)} of A/A comparisons at α ${r.alpha} (95% CI ${pct1(r.ci[0]).slice(0, -1)}–${pct1(r.ci[1])}; ` +
    `a and b swapped at random within each task, ${r.draws.toLocaleString("en-US")} draws, seed ${r.seed}).`
  );
}
