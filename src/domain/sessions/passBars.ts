import { percent, percentInterval } from "../stats/format";

/** A config's pass counts over a session's scored runs, as getSession reports them. */
export interface ConfigPassCount {
  configId: string;
  runs: number;
  passed: number;
  wilson: readonly [number, number] | null;
}

/** One bar of the live page's pass-rate chart. */
export interface PassBar {
  configId: string;
  /** Pass rate, null while the config has no scored run (the bar is drawn empty). */
  rate: number | null;
  /** Distances below and above `rate` to the Wilson 95% bounds, as recharts' ErrorBar takes them. */
  err: [number, number] | null;
  runs: number;
  passed: number;
  /** "3/5 passed · 60% (Wilson 95% 23–88%)", or "no runs scored yet". */
  label: string;
  color: string;
}

/**
 * The live page's pass rate by config: one bar per config of the session in the session's own
 * order (the order the researcher listed them), so bars appear in place as runs arrive instead
 * of reordering; configs with no scored run yet get an empty bar. `colors` is the selection's
 * config → colour map (configColors), so a config has the same colour here as on analytics pages.
 */
export function passBars(
  configIds: readonly string[],
  counts: readonly ConfigPassCount[],
  colors: Readonly<Record<string, string>>,
): PassBar[] {
  const byId = new Map(counts.map((c) => [c.configId, c]));
  // a config that has runs but is not in the session's list (an import's) still gets a bar
  const ids = [...configIds, ...counts.map((c) => c.configId).filter((id) => !configIds.includes(id))];
  return [...new Set(ids)].map((configId) => {
    const c = byId.get(configId);
    const color = colors[configId] ?? "#666666";
    if (!c || c.runs === 0)
      return { configId, rate: null, err: null, runs: 0, passed: 0, label: "no runs scored yet", color };
    const rate = c.passed / c.runs;
    return {
      configId,
      rate,
      err: c.wilson ? [rate - c.wilson[0], c.wilson[1] - rate] : null,
      runs: c.runs,
      passed: c.passed,
      label: `${c.passed}/${c.runs} passed · ${percent(rate)} (Wilson 95% ${percentInterval(c.wilson)})`,
      color,
    };
  });
}
