import type { PassCount } from "./configs";

export interface GroupBarRow {
  configId: string;
  /** Per series: the pass rate (0–1) and its error relative to it, [rate − lo, hi − rate], as ErrorBar wants. */
  [series: string]: string | number | [number, number] | null;
}

/**
 * Bars of pass rate per config, one series per key (e.g. "files needed" / "no files"), with
 * Wilson 95% error bars expressed relative to the bar: [rate − lo, hi − rate]. A series without
 * runs has a null rate and no error bar.
 */
export function passRateBars(rows: { configId: string; series: Record<string, PassCount> }[]): GroupBarRow[] {
  return rows.map((r) => {
    const out: GroupBarRow = { configId: r.configId };
    for (const [key, c] of Object.entries(r.series)) {
      const rate = c.runs ? c.passed / c.runs : null;
      out[key] = rate;
      out[`${key}Err`] = rate !== null && c.wilson ? [rate - c.wilson[0], c.wilson[1] - rate] : null;
      out[`${key}Label`] = `${c.passed}/${c.runs}`;
    }
    return out;
  });
}

/** Combines group counts (e.g. files + multi_step = "tasks that need files") with their interval. */
export function combineCounts(
  counts: (PassCount | undefined)[],
  wilsonFn: (k: number, n: number) => [number, number] | null,
): PassCount {
  let runs = 0;
  let passed = 0;
  for (const c of counts) {
    if (c) {
      runs += c.runs;
      passed += c.passed;
    }
  }
  return { runs, passed, wilson: wilsonFn(passed, runs) };
}
