import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";

/** How the null distribution was obtained: every sign assignment, or random ones. */
export type SignFlipMethod = "exact" | "monte_carlo";

export interface SignFlipTest {
  /** Two-sided p = P(|Σ sᵢ·dᵢ| ≥ |Σ dᵢ|) under random signs sᵢ = ±1. */
  p: number;
  /** Σ dᵢ over the units as observed. */
  statistic: number;
  /** Units with dᵢ ≠ 0 (a unit with dᵢ = 0 adds nothing either way). */
  n: number;
  method: SignFlipMethod;
  /** Monte Carlo only: the random sign assignments drawn, and the generator's seed. */
  draws: number | null;
  seed: number | null;
}

/**
 * The null distribution of one set of |dᵢ|, reused for any sign pattern of them: a sign-flip
 * permutation (the A/A calibration of a comparison flips which side each task is on) changes the
 * statistic, never the distribution, so it is built once and `pFor` answers each flip.
 */
export interface SignFlipNull {
  n: number;
  method: SignFlipMethod;
  draws: number | null;
  seed: number | null;
  /** Two-sided p of a statistic Σ sᵢ·dᵢ (in the units of dᵢ). */
  pFor(statistic: number): number;
}

export const SIGN_FLIP_SEED = 23;
export const SIGN_FLIP_DRAWS = 20_000;
/** Largest Σ|dᵢ|·L (L: the common denominator) counted exactly; past it, Monte Carlo. */
const MAX_STATES = 500_000;
/** Largest units × states product counted exactly (the convolution's work: ~10 ms at 10M, kept well inside a request's 200 ms). */
const MAX_WORK = 10_000_000;
const MAX_DENOMINATOR = 10_000;

/**
 * The smallest q ≤ maxDen with x·q within 1e-9 of a whole number (continued fractions); null
 * when x is no fraction of a small denominator (then the test is Monte Carlo).
 */
export function denominatorOf(x: number, maxDen = MAX_DENOMINATOR): number | null {
  let [h0, h1, k0, k1] = [0, 1, 1, 0];
  let v = Math.abs(x);
  for (let i = 0; i < 64; i++) {
    const a = Math.floor(v);
    [h0, h1] = [h1, a * h1 + h0];
    [k0, k1] = [k1, a * k1 + k0];
    if (k1 > maxDen) return null;
    if (Math.abs(Math.abs(x) * k1 - h1) < 1e-9 * Math.max(1, Math.abs(x) * k1)) return k1;
    const frac = v - a;
    if (frac < 1e-12) return k1;
    v = 1 / frac;
  }
  return null;
}

const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);

/**
 * The null distribution of Σ sᵢ·dᵢ: exact by convolution when the dᵢ are fractions of a common
 * denominator L small enough to count (the sum of sᵢ·dᵢ·L is a whole number between −T and T,
 * T = Σ|dᵢ|·L, and P(sum of the + units = s) is built one unit at a time, which is the same as
 * enumerating all 2ⁿ sign assignments), else from `draws` random assignments (seeded).
 */
export function signFlipNull(values: readonly number[], opts: { seed?: number; draws?: number } = {}): SignFlipNull {
  for (const v of values) if (!Number.isFinite(v)) throw new RangeError(`value ${v} is not a finite number`);
  const d = values.filter((v) => v !== 0).map(Math.abs);
  const n = d.length;
  if (n === 0) return { n: 0, method: "exact", draws: null, seed: null, pFor: () => 1 };

  let L: number | null = 1;
  for (const v of d) {
    const q = denominatorOf(v);
    if (q === null) {
      L = null;
      break;
    }
    L = (L / gcd(L, q)) * q;
    if (L > MAX_STATES) {
      L = null;
      break;
    }
  }
  const scaled = L === null ? null : d.map((v) => Math.round(v * L!));
  const total = scaled ? scaled.reduce((a, b) => a + b, 0) : Infinity;
  if (scaled && total <= MAX_STATES && n * total <= MAX_WORK) {
    // prob[s]: P(the units given a + sign sum to s), s = 0..T; the statistic is 2s − T.
    let prob = new Float64Array(total + 1);
    prob[0] = 1;
    let reach = 0;
    for (const x of scaled) {
      const next = new Float64Array(total + 1);
      for (let s = 0; s <= reach; s++) {
        if (prob[s] === 0) continue;
        next[s] += 0.5 * prob[s];
        next[s + x] += 0.5 * prob[s];
      }
      reach += x;
      prob = next;
    }
    // tail[m]: P(|2s − T| ≥ m) for m = 0..T, summed from the outside in.
    const tail = new Float64Array(total + 2);
    for (let s = 0; s <= total; s++) tail[Math.abs(2 * s - total)] += prob[s];
    for (let m = total; m >= 0; m--) tail[m] += tail[m + 1];
    const scale = L!;
    return {
      n,
      method: "exact",
      draws: null,
      seed: null,
      pFor: (statistic) => {
        const m = Math.round(Math.abs(statistic) * scale);
        return m > total ? 0 : Math.min(1, tail[m]);
      },
    };
  }

  const seed = opts.seed ?? SIGN_FLIP_SEED;
  const draws = opts.draws ?? SIGN_FLIP_DRAWS;
  const gen = xoroshiro128plus(seed | 0);
  const abs = new Float64Array(draws);
  // Each 32-bit output of the generator gives 32 signs (a tenth of the time of a draw per sign).
  let bits = 0;
  let left = 0;
  for (let r = 0; r < draws; r++) {
    let s = 0;
    for (let i = 0; i < n; i++) {
      if (left === 0) {
        bits = gen.next();
        left = 32;
      }
      s += bits & 1 ? d[i] : -d[i];
      bits >>>= 1;
      left--;
    }
    abs[r] = Math.abs(s);
  }
  abs.sort();
  const eps = 1e-9 * d.reduce((a, b) => a + b, 0);
  return {
    n,
    method: "monte_carlo",
    draws,
    seed,
    // Phipson & Smyth 2010 (Stat Appl Genet Mol Biol 9:39): (1 + #{|S*| ≥ |S|}) / (B + 1), never 0.
    pFor: (statistic) => {
      const target = Math.abs(statistic) - eps;
      let lo = 0;
      let hi = draws;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (abs[mid] < target) lo = mid + 1;
        else hi = mid;
      }
      return (1 + draws - lo) / (draws + 1);
    },
  };
}

/**
 * Exact two-sided sign-flip permutation test of paired differences (Fisher 1935, The Design of
 * Experiments, §21; Good 2005, Permutation, Parametric and Bootstrap Tests of Hypotheses, §3.1):
 * under H₀ each unit's difference dᵢ is as likely to have either sign, so
 *
 *   p = P(|Σ sᵢ·dᵢ| ≥ |Σ dᵢ|),   sᵢ = ±1 independent and equally likely,
 *
 * over all 2ⁿ sign assignments (counted exactly by convolution while the dᵢ share a small common
 * denominator, as pass shares of a few repeats do), else over `draws` seeded random assignments
 * with p = (1 + hits)/(draws + 1). The unit here is the task: dᵢ is b's pass share of task i
 * minus a's, so repeats of a task never count as independent evidence. When every dᵢ is −1, 0 or
 * +1 (each task's repeats agree) this is the exact sign test, and McNemar's exact test on
 * task-paired outcomes. Units with dᵢ = 0 carry no sign and drop out; with none left p = 1.
 */
export function signFlipTest(values: readonly number[], opts: { seed?: number; draws?: number } = {}): SignFlipTest {
  const nul = signFlipNull(values, opts);
  const statistic = values.reduce((a, b) => a + b, 0);
  return { p: nul.pFor(statistic), statistic, n: nul.n, method: nul.method, draws: nul.draws, seed: nul.seed };
}
