import "server-only";
import { loadContrast, pickContrast, type ContrastConfig, type LoadContrast } from "@/domain/analytics/loadContrast";
import type { SlopeFit } from "@/domain/stats/slope-times";
import { ServiceError } from "../errors";

/**
 * The load contrast of the configs asked for by `?a=&b=` (or the default pair) under a fit, as the
 * latency and budget pages show it and their routes return it; a pick that names no config of the
 * selection is a 400 saying which to pick.
 */
export function resolveContrast(
  rows: readonly ContrastConfig[],
  fit: SlopeFit | null,
  a?: string,
  b?: string,
): LoadContrast | null {
  const pick = pickContrast(rows, a, b);
  if (!pick.ok) throw new ServiceError("invalid_request", pick.message, [{ path: pick.param, message: pick.message }]);
  return fit && pick.pair ? loadContrast(fit, pick.pair[0], pick.pair[1]) : null;
}
