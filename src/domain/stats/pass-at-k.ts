function checkCounts(n: number, c: number, k: number): void {
  for (const v of [n, c, k]) {
    if (!Number.isInteger(v) || v < 0) throw new RangeError(`${v} is not a count`);
  }
  if (c > n) throw new RangeError(`passes ${c} exceed runs ${n}`);
  if (k < 1) throw new RangeError(`k ${k} must be at least 1`);
}

/**
 * Unbiased pass@k from n runs of a task of which c passed (Chen et al. 2021, "Evaluating
 * Large Language Models Trained on Code", arXiv:2107.03374, eq. 1): the chance that at least
 * one of k runs drawn without replacement passes,
 *
 *   pass@k = 1 − C(n − c, k) / C(n, k) = 1 − ∏ᵢ₌ₙ₋꜀₊₁ⁿ (1 − k/i)
 *
 * The product form is the paper's numerically stable one (no binomial coefficients, so no
 * overflow at large n). It is 1 when fewer than k runs failed. Returns null when k > n (k runs
 * cannot be drawn). simple-statistics has no such estimator.
 */
export function passAtK(n: number, c: number, k: number): number | null {
  checkCounts(n, c, k);
  if (k > n) return null;
  if (n - c < k) return 1;
  let allFail = 1;
  for (let i = n - c + 1; i <= n; i++) allFail *= 1 - k / i;
  return 1 - allFail;
}

/**
 * pass^k from n runs of which c passed (Yao et al. 2024, "τ-bench: A Benchmark for
 * Tool-Agent-User Interaction in Real-World Domains", arXiv:2406.12045): the chance that
 * all k runs drawn without replacement pass — a reliability measure, falling as k grows,
 *
 *   pass^k = C(c, k) / C(n, k) = ∏ᵢ₌₀ᵏ⁻¹ (c − i) / (n − i)
 *
 * It is 0 when fewer than k runs passed. Returns null when k > n.
 */
export function passHatK(n: number, c: number, k: number): number | null {
  checkCounts(n, c, k);
  if (k > n) return null;
  if (c < k) return 0;
  let all = 1;
  for (let i = 0; i < k; i++) all *= (c - i) / (n - i);
  return all;
}
