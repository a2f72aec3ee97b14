import { normalQuantile } from "./normal";

function checkPlan(psi: number, alpha: number, power: number): void {
  if (!(psi > 0 && psi <= 1)) throw new RangeError(`discordant proportion ${psi} must be in (0, 1]`);
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`alpha ${alpha} must be in (0, 1)`);
  if (!(power > 0 && power < 1)) throw new RangeError(`power ${power} must be in (0, 1)`);
}

/** Connor's n before rounding up. */
function connorExact(psi: number, delta: number, alpha: number, power: number): number {
  const za = normalQuantile(1 - alpha / 2);
  const zb = normalQuantile(power);
  return (za * Math.sqrt(psi) + zb * Math.sqrt(psi - delta * delta)) ** 2 / (delta * delta);
}

/**
 * Pairs needed to detect a difference δ in paired proportions with McNemar's test (Connor 1987,
 * "Sample size for testing differences in proportions for the paired-sample design",
 * Biometrics 43:207–211, eq. 3):
 *
 *   n = (z₁₋α/₂·√ψ + z₁₋β·√(ψ − δ²))² / δ²,   rounded up
 *
 * ψ is the proportion of discordant pairs (one side passed, the other failed) and δ = p_b − p_a,
 * so |δ| ≤ ψ; two-sided α, power 1 − β. ψ = 0.2, δ = 0.1, α = 0.05, power 0.8 gives 155 pairs.
 */
export function connorPairs(psi: number, delta: number, alpha = 0.05, power = 0.8): number {
  checkPlan(psi, alpha, power);
  const d = Math.abs(delta);
  if (!(d > 0)) throw new RangeError("the difference to detect must not be 0");
  if (d > psi) throw new RangeError(`a difference of ${d} needs at least that share of discordant pairs, not ${psi}`);
  return Math.ceil(connorExact(psi, d, alpha, power) - 1e-9);
}

/**
 * The other direction of {@link connorPairs}: the smallest δ (0 < δ ≤ ψ) that n pairs detect
 * with the given power, found by bisection (Connor's n falls as δ grows). Null when even δ = ψ
 * (every discordant pair going one way) needs more than n pairs.
 */
export function detectableDifference(pairs: number, psi: number, alpha = 0.05, power = 0.8): number | null {
  checkPlan(psi, alpha, power);
  if (!(pairs > 0)) return null;
  if (connorExact(psi, psi, alpha, power) > pairs) return null;
  let lo = 0;
  let hi = psi;
  for (let i = 0; i < 200 && hi - lo > 1e-12; i++) {
    const mid = (lo + hi) / 2;
    if (connorExact(psi, mid, alpha, power) > pairs) lo = mid;
    else hi = mid;
  }
  return hi;
}

/**
 * Tasks needed for n independent pairs when each task is run `repeats` times and repeats of a
 * task are correlated by ICC ρ: the clustered design needs n·deff pairs, deff = 1 + (m − 1)·ρ
 * (Kish 1965, §5.4; Donner & Klar 2000, Design and Analysis of Cluster Randomization Trials,
 * §5.2), spread over m repeats per task:
 *
 *   tasks = ⌈n·(1 + (m − 1)·ρ) / m⌉
 *
 * With ρ = 1 extra repeats buy nothing (tasks = n); with ρ = 0 they are as good as new tasks.
 */
export function tasksForPairs(pairs: number, repeats: number, icc: number): number {
  if (!Number.isInteger(repeats) || repeats < 1)
    throw new RangeError(`repeats ${repeats} must be a whole number from 1`);
  if (!(icc >= 0 && icc <= 1)) throw new RangeError(`ICC ${icc} must be in 0..1`);
  return Math.ceil((pairs * (1 + (repeats - 1) * icc)) / repeats - 1e-9);
}
