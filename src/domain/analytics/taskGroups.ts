import type { PassCount } from "./configs";

/**
 * The task groups every analytics chart and table reports, defined once. "Tasks that need files"
 * are the study's: single-step file tasks and multi-step tasks together (its Figure 3a), so the
 * multi-step tasks are also shown on their own as a part of them, never as a rival group. The
 * overview's table and chart, the outcome chart's scopes and the steps page read these.
 */
export const TASK_GROUP_SERIES = [
  { key: "noFiles", label: "Tasks that need no files", short: "No files", groups: ["no_files"] },
  {
    key: "needsFiles",
    label: "Tasks that need files (multi-step included)",
    short: "Need files",
    groups: ["files", "multi_step"],
  },
  { key: "multiStep", label: "Multi-step tasks (part of need files)", short: "Multi-step", groups: ["multi_step"] },
  { key: "heldOut", label: "Held-out tasks", short: "Held out", groups: null },
] as const;

export type TaskGroupKey = (typeof TASK_GROUP_SERIES)[number]["key"];

/** Whether a run of task group `group` (`no_files`, `files`, `multi_step`) counts in series `key`; held out is a flag, not a group. */
export function inTaskGroup(key: Exclude<TaskGroupKey, "heldOut">, group: string): boolean {
  const s = TASK_GROUP_SERIES.find((x) => x.key === key)!;
  return (s.groups as readonly string[]).includes(group);
}

/**
 * One config's pass counts per series from its counts per task group and its held-out count:
 * each series sums the groups it is defined by, with its own Wilson interval.
 */
export function taskGroupCounts(
  byGroup: Partial<Record<string, PassCount>>,
  heldOut: PassCount,
  wilsonFn: (k: number, n: number) => [number, number] | null,
): Record<TaskGroupKey, PassCount> {
  const out = {} as Record<TaskGroupKey, PassCount>;
  for (const s of TASK_GROUP_SERIES) {
    if (s.groups === null) {
      out[s.key] = heldOut;
      continue;
    }
    let runs = 0;
    let passed = 0;
    for (const g of s.groups) {
      runs += byGroup[g]?.runs ?? 0;
      passed += byGroup[g]?.passed ?? 0;
    }
    out[s.key] = { runs, passed, wilson: wilsonFn(passed, runs) };
  }
  return out;
}
