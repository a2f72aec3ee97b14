/**
 * Benjamini–Hochberg adjusted p-values (Benjamini & Hochberg 1995, JRSS B 57:289–300; the
 * adjusted form of Wright 1992, Biometrics 48:1005–1013, as R's `p.adjust(method = "BH")`).
 * With the m p-values sorted ascending, p₍₁₎ ≤ … ≤ p₍ₘ₎,
 *
 *   p̃₍ᵢ₎ = min(1, minⱼ≥ᵢ m·p₍ⱼ₎ / j)
 *
 * The step-up minimum makes the adjusted values monotone in the raw ones; rejecting every
 * hypothesis with p̃ ≤ q controls the false discovery rate at q. Results keep the input
 * order. An empty list gives an empty list. simple-statistics has no multiple-testing helpers.
 */
export function benjaminiHochberg(pValues: readonly number[]): number[] {
  for (const p of pValues) {
    if (!(p >= 0 && p <= 1)) throw new RangeError(`p-value ${p} is outside 0..1`);
  }
  const m = pValues.length;
  const order = pValues.map((_, i) => i).sort((i, j) => pValues[i] - pValues[j]);
  const adjusted = new Array<number>(m);
  let running = 1;
  for (let rank = m; rank >= 1; rank--) {
    const i = order[rank - 1];
    running = Math.min(running, (m * pValues[i]) / rank);
    adjusted[i] = running;
  }
  return adjusted;
}
