import { percentInterval } from "../stats/format";

export interface PassRateBar {
  configId: string;
  /** Pass rate 0–1, null without runs. */
  rate: number | null;
  /** The Wilson 95% interval relative to the rate, [rate − lo, hi − rate], as recharts' ErrorBar wants. */
  err: [number, number] | null;
  lo: number | null;
  hi: number | null;
  /** "18/24" */
  label: string;
  /** "55–88%" */
  interval: string;
}

/**
 * The overall pass rate of each config with its Wilson 95% interval over runs (the table's
 * "Wilson (runs)" column), one bar per config in the order given.
 */
export function passRateBarsOverall(
  configs: readonly { configId: string; runs: number; passed: number }[],
  wilsonFn: (k: number, n: number) => [number, number] | null,
): PassRateBar[] {
  return configs.map((c) => {
    const rate = c.runs ? c.passed / c.runs : null;
    const ci = c.runs ? wilsonFn(c.passed, c.runs) : null;
    return {
      configId: c.configId,
      rate,
      err: rate !== null && ci ? [rate - ci[0], ci[1] - rate] : null,
      lo: ci ? ci[0] : null,
      hi: ci ? ci[1] : null,
      label: `${c.passed}/${c.runs}`,
      interval: percentInterval(ci),
    };
  });
}
