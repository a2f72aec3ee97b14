import { median } from "../stats/descriptive";

export interface DeviceRun {
  passed: boolean;
  firstTtftMs: number | null;
  outputTokens: number;
  decodeMs: number;
}

export interface DeviceStats {
  runs: number;
  passed: number;
  /** passed ÷ runs; null with no run. */
  passRate: number | null;
  /** Median over runs of the first turn's TTFT (as `medianTtftMs` in GET /api/analytics/configs). */
  medianTtftMs: number | null;
  /** Σ output tokens ÷ Σ decode seconds over every turn of every run; null when nothing was decoded. */
  tokensPerSecond: number | null;
}

/** One device's recent runs summarised for the fleet page (issue 20.4). */
export function deviceStats(runs: readonly DeviceRun[]): DeviceStats {
  const passed = runs.filter((r) => r.passed).length;
  const tokens = runs.reduce((s, r) => s + r.outputTokens, 0);
  const decodeMs = runs.reduce((s, r) => s + r.decodeMs, 0);
  return {
    runs: runs.length,
    passed,
    passRate: runs.length ? passed / runs.length : null,
    medianTtftMs: median(runs.flatMap((r) => (r.firstTtftMs === null ? [] : [r.firstTtftMs]))),
    tokensPerSecond: decodeMs > 0 ? tokens / (decodeMs / 1000) : null,
  };
}
