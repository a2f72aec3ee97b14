import type { OlsFit } from "./regression";
import { studentTTwoSidedP } from "./t-dist";

/**
 * Two-sided p-value of H₀: β₁ = 0 for an ordinary least-squares slope (e.g. Draper & Smith 1998,
 * Applied Regression Analysis, 3rd ed., §1.4; Montgomery, Peck & Vining, §2.3.2):
 *
 *   t = b₁ / SE(b₁),  df = n − 2,  p = P(|T_df| ≥ |t|)
 *
 * With SE(b₁) = 0 (every point exactly on the line) the test is degenerate: p = 0 for a non-zero
 * slope, 1 for a flat line. Null for fewer than three points.
 */
export function slopeP(fit: Pick<OlsFit, "n" | "slope" | "slopeSe">): number | null {
  if (fit.n < 3) return null;
  if (!(fit.slopeSe > 0)) return fit.slope === 0 ? 1 : 0;
  return studentTTwoSidedP(fit.slope / fit.slopeSe, fit.n - 2);
}
