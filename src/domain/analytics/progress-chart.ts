import type { PathEnd, TaskTrajectories } from "./progress";

/**
 * The shaded band for failed calls spans [BAND_BOTTOM, BAND_TOP] and a failed call is drawn at DIP,
 * its middle. The band stays clear of zero so lines offset below zero (SPREAD) are not read as dips.
 */
export const BAND_TOP = -0.25;
export const BAND_BOTTOM = -0.85;
export const DIP = -0.55;
/** Vertical spread between configs' lines, so identical paths stay visible side by side; 7 configs span ±0.12. */
export const SPREAD = 0.04;

export interface ChartPoint {
  call: number;
  milestones: number;
  failed: boolean;
  following: number;
  running: number;
  /** The plotted height: milestones, or DIP for a failed call, plus the config's offset. */
  y: number;
}

export interface ChartSeries {
  configId: string;
  offset: number;
  points: ChartPoint[];
  end: PathEnd;
  ends: Partial<Record<PathEnd, number>>;
  runs: number;
  lastCall: number;
  /** The sentence beside the end marker, e.g. "2 of 3 ran out of context". */
  endText: string;
}

export interface TrajectoryChart {
  taskId: string;
  milestonesTotal: number;
  /** One row per call index; `row[configId]` is that config's y, absent past its path's end. */
  rows: Record<string, number>[];
  series: ChartSeries[];
  maxCall: number;
  /** Config id → the earlier config whose line it lies on exactly (see samePathAs). */
  samePath: Record<string, string>;
}

/**
 * Shapes one task's majority paths for a line chart. Config i of m is offset by
 * (i − (m − 1)/2) × SPREAD so lines that follow the same path are drawn side by side; a failed
 * call is drawn at DIP (inside the band below zero) so the line dips at it and comes back.
 */
export function trajectoryChart(task: TaskTrajectories): TrajectoryChart {
  const m = task.configs.length;
  const series: ChartSeries[] = task.configs.map((c, i) => {
    const offset = Math.round((i - (m - 1) / 2) * SPREAD * 1000) / 1000;
    const points = c.points.map((p) => ({ ...p, y: (p.failed ? DIP : p.milestones) + offset }));
    const lastCall = points[points.length - 1].call;
    return {
      configId: c.configId,
      offset,
      points,
      end: c.end,
      ends: c.ends,
      runs: c.runs,
      lastCall,
      endText: endSentence(c),
    };
  });
  const maxCall = Math.max(0, ...series.map((s) => s.lastCall));
  const rows: Record<string, number>[] = [];
  for (let k = 0; k <= maxCall; k++) {
    const row: Record<string, number> = { call: k };
    for (const s of series) {
      const p = s.points[k];
      if (p) row[s.configId] = p.y;
    }
    rows.push(row);
  }
  return {
    taskId: task.taskId,
    milestonesTotal: task.milestonesTotal,
    rows,
    series,
    maxCall,
    samePath: samePathAs(series),
  };
}

const END_WORDS: Record<PathEnd, string> = {
  context_full: "ran out of context",
  early_stop: "stopped early",
  tool_limit: "hit the tool limit",
  crashed: "crashed",
  complete: "reached every milestone",
};

/** "2 of 3 ran out of context": the sentence beside a line's end marker. */
export function endSentence(s: Pick<ChartSeries, "end" | "ends" | "runs">): string {
  return `${s.ends[s.end] ?? 0} of ${s.runs} ${END_WORDS[s.end]}`;
}

/**
 * Which configs' lines coincide: a config whose path (milestones and failed calls at every call)
 * and end are the same as an earlier config's maps to the first such config. The offset between
 * them (SPREAD) is a pixel or two, so the chart says "same path as …" instead of hoping it shows.
 */
export function samePathAs(
  series: readonly Pick<ChartSeries, "configId" | "points" | "end">[],
): Record<string, string> {
  const key = (s: Pick<ChartSeries, "points" | "end">) =>
    `${s.end}|${s.points.map((p) => `${p.milestones}${p.failed ? "x" : ""}`).join(",")}`;
  const first = new Map<string, string>();
  const out: Record<string, string> = {};
  for (const s of series) {
    const k = key(s);
    const earlier = first.get(k);
    if (earlier === undefined) first.set(k, s.configId);
    else out[s.configId] = earlier;
  }
  return out;
}

/** "files-plan: same path as files": the notes under a task's chart, in series order. */
export function samePathNotes(samePath: Readonly<Record<string, string>>, order: readonly string[]): string[] {
  return order.filter((c) => samePath[c] !== undefined).map((c) => `${c}: same path as ${samePath[c]}`);
}
