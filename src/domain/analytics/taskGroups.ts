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

/**
 * How many tasks fall in each series, counted one way for every page that counts tasks (issue
 * 34.11: Methods, the analytics overview and the Suite page used to count three ways). `needsFiles`
 * includes the multi-step tasks, as the charts' series do; `multiStep` is a part of it; held out is
 * a flag across groups. `other` counts tasks of a group none of the series knows.
 */
export interface TaskGroupTally {
  total: number;
  noFiles: number;
  needsFiles: number;
  multiStep: number;
  heldOut: number;
  other: number;
}

/** The tally from distinct tasks per group and how many of them are held out. */
export function tallyTaskGroups(byGroup: Partial<Record<string, number>>, heldOut: number): TaskGroupTally {
  const n = (g: string) => byGroup[g] ?? 0;
  const total = Object.values(byGroup).reduce<number>((a, b) => a + (b ?? 0), 0);
  const sum = (key: Exclude<TaskGroupKey, "heldOut">) =>
    (TASK_GROUP_SERIES.find((s) => s.key === key)!.groups as readonly string[]).reduce((a, g) => a + n(g), 0);
  const noFiles = sum("noFiles");
  const needsFiles = sum("needsFiles");
  return { total, noFiles, needsFiles, multiStep: sum("multiStep"), heldOut, other: total - noFiles - needsFiles };
}

/** The tally of a list of tasks (a suite's, or the distinct tasks of a selection). */
export function tallyTasks(tasks: readonly { group: string; heldOut?: boolean | null }[]): TaskGroupTally {
  const byGroup: Record<string, number> = {};
  for (const t of tasks) byGroup[t.group] = (byGroup[t.group] ?? 0) + 1;
  return tallyTaskGroups(byGroup, tasks.filter((t) => t.heldOut).length);
}

/** What a count counts, said with it: the suite's tasks, or the tasks that have runs in the page's selection. */
export type TallyScope = "suite" | "selection";

const fmt = (n: number) => n.toLocaleString("en-US");
const verb = (n: number, one: string, more: string) => `${fmt(n)} ${n === 1 ? one : more}`;

/**
 * The tally in words, with what it counts: "24 tasks in the suite: 6 need no files and 18 need
 * files (4 of them multi-step); 4 are held out." Every page that counts tasks by group says it so.
 */
export function taskTallySentence(t: TaskGroupTally, scope: TallyScope): string {
  const what = scope === "suite" ? "in the suite" : "with runs in this selection";
  if (t.total === 0) return `No tasks ${what}.`;
  const parts = [
    `${verb(t.noFiles, "needs", "need")} no files`,
    `${verb(t.needsFiles, "needs", "need")} files${t.multiStep ? ` (${fmt(t.multiStep)} of them multi-step)` : ""}`,
  ];
  if (t.other) parts.push(`${verb(t.other, "is", "are")} in other groups`);
  const list = `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
  const held = t.heldOut ? `; ${fmt(t.heldOut)} of these ${t.heldOut === 1 ? "is" : "are"} held out` : "";
  return `${verb(t.total, "task", "tasks")} ${what}: ${list}${held}.`;
}
