import { pushTo } from "../pushTo";
/** What one run costs, from its trace (issue 20.3). */
export interface CostRun {
  configId: string;
  deviceId: string;
  passed: boolean;
  startedAt: number;
  loadMs: number;
  turns: readonly { ttftMs: number; decodeMs: number; outputTokens: number }[];
  /** Battery at the run's start as a fraction 0–1 (trace `conditions.battery`), null if not reported. */
  battery: number | null;
  /** Trace `conditions.charging`, null if not reported. */
  charging: boolean | null;
}

export interface ConfigCost {
  configId: string;
  runs: number;
  passed: number;
  /** Σ (load ms + Σ turns' ttft + decode) over every run, in seconds, ÷ passed runs; null with no pass. */
  phoneSecondsPerSuccess: number | null;
  /** Σ output tokens over every run ÷ passed runs; null with no pass. */
  outputTokensPerSuccess: number | null;
  /** Battery, approximate: see `batteryDrops`. Null where no pair of consecutive unplugged runs exists. */
  battery: { runs: number; pointsPerRun: number; pointsPerSuccess: number | null } | null;
}

/**
 * Per-run battery drops in percentage points, from consecutive runs on the same device (by start
 * time): a run's drop is its start battery minus the next run's start battery, so it includes the
 * rest after it (approximate). A pair counts only when both runs report a battery and
 * `charging: false`; a pair where the battery rose (a charger came and went between the polls) is
 * left out too. So runs next to a charge change never count.
 */
export function batteryDrops(runs: readonly CostRun[]): Map<CostRun, number> {
  const byDevice = new Map<string, CostRun[]>();
  for (const r of runs) pushTo(byDevice, r.deviceId, r);
  const drops = new Map<CostRun, number>();
  for (const list of byDevice.values()) {
    const sorted = [...list].sort((a, b) => a.startedAt - b.startedAt);
    for (let i = 0; i + 1 < sorted.length; i++) {
      const a = sorted[i];
      const b = sorted[i + 1];
      if (a.battery === null || b.battery === null || a.charging !== false || b.charging !== false) continue;
      const drop = (a.battery - b.battery) * 100;
      if (drop >= 0) drops.set(a, drop);
    }
  }
  return drops;
}

/** One config's totals over its runs: what `costFromSums` needs, and all a database must add up. */
export interface ConfigCostSums {
  configId: string;
  runs: number;
  passed: number;
  /** Σ (load ms + Σ turns' ttft + decode) over every run. */
  phoneMs: number;
  /** Σ output tokens over every run. */
  outputTokens: number;
  /** Runs with a battery drop (`batteryDrops`), the drops' sum in points, and how many of those runs passed. */
  batteryRuns: number;
  batteryPoints: number;
  batteryPassed: number;
}

/** A config's cost per success from its totals. */
export function costFromSums(s: ConfigCostSums): ConfigCost {
  return {
    configId: s.configId,
    runs: s.runs,
    passed: s.passed,
    phoneSecondsPerSuccess: s.passed ? s.phoneMs / 1000 / s.passed : null,
    outputTokensPerSuccess: s.passed ? s.outputTokens / s.passed : null,
    battery: s.batteryRuns
      ? {
          runs: s.batteryRuns,
          pointsPerRun: s.batteryPoints / s.batteryRuns,
          pointsPerSuccess: s.batteryPassed ? s.batteryPoints / s.batteryPassed : null,
        }
      : null,
  };
}

/** Cost per success per config, configs in id order. */
export function costPerSuccess(runs: readonly CostRun[]): ConfigCost[] {
  const drops = batteryDrops(runs);
  const byConfig = new Map<string, CostRun[]>();
  for (const r of runs) pushTo(byConfig, r.configId, r);
  return [...byConfig.keys()].sort().map((configId) => {
    const list = byConfig.get(configId)!;
    const measured = list.filter((r) => drops.has(r));
    return costFromSums({
      configId,
      runs: list.length,
      passed: list.filter((r) => r.passed).length,
      phoneMs: list.reduce((s, r) => s + r.loadMs + r.turns.reduce((t, u) => t + u.ttftMs + u.decodeMs, 0), 0),
      outputTokens: list.reduce((s, r) => s + r.turns.reduce((t, u) => t + u.outputTokens, 0), 0),
      batteryRuns: measured.length,
      batteryPoints: measured.reduce((s, r) => s + drops.get(r)!, 0),
      batteryPassed: measured.filter((r) => r.passed).length,
    });
  });
}
