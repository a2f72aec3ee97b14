import { signFlipNull, type SignFlipNull } from "../stats/sign-flip";
import type { GateRun } from "./types";

/** A shared (config, task) cell: both sides' runs of one config on one task. */
interface Cell {
  taskId: string;
  group: string;
  a: GateRun[];
  b: GateRun[];
}

/** The tasks both sides ran (under at least one common config), each with its shared cells. */
export interface TaskUnits {
  taskIds: string[];
  groups: string[];
  cells: Cell[][];
}

/** Groups both sides' runs into the (config, task) cells both ran, by task (task ids in code-unit order). */
export function taskUnits(a: readonly GateRun[], b: readonly GateRun[]): TaskUnits {
  const key = (r: GateRun) => `${r.taskId}\u0000${r.configId}`;
  const byKey = new Map<string, Cell>();
  for (const [side, runs] of [
    ["a", a],
    ["b", b],
  ] as const) {
    for (const r of runs) {
      let c = byKey.get(key(r));
      if (!c) byKey.set(key(r), (c = { taskId: r.taskId, group: r.group, a: [], b: [] }));
      c[side].push(r);
    }
  }
  const byTask = new Map<string, Cell[]>();
  for (const c of byKey.values()) {
    if (!c.a.length || !c.b.length) continue;
    const list = byTask.get(c.taskId) ?? [];
    list.push(c);
    byTask.set(c.taskId, list);
  }
  const taskIds = [...byTask.keys()].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  return { taskIds, groups: taskIds.map((t) => byTask.get(t)![0].group), cells: taskIds.map((t) => byTask.get(t)!) };
}

/**
 * One task's paired value for a per-run indicator: the mean over its shared cells of b's share of
 * runs with the indicator minus a's. With one config per side this is b's share over the task's
 * repeats minus a's; with several, each config's difference counts alike.
 */
export function taskValue(cells: readonly Cell[], indicator: (r: GateRun) => boolean): number {
  const share = (runs: GateRun[]) => runs.filter(indicator).length / runs.length;
  return cells.reduce((s, c) => s + share(c.b) - share(c.a), 0) / cells.length;
}

/** A task-level test of the gate: values per task in scope, and which sign of their sum is worse. */
export interface TaskCheck {
  /** Indices into `TaskUnits.taskIds` of the tasks in scope. */
  tasks: number[];
  values: number[];
  /** −1: a lower value is worse (pass rate); +1: a higher one is (an outcome other than finished). */
  worseSign: 1 | -1;
  nul: SignFlipNull;
  statistic: number;
  /**
   * The two-sided sign-flip p, as the study's tests and Compare report it. A check fails only when
   * the candidate is also worse, so each check's false-positive rate is at most α/2: a one-sided p
   * would call 5 of 5 changed tasks all worse (p = 1/32) a regression, which is an A/A outcome one
   * time in 32.
   */
  p: number;
}

export function taskCheck(tasks: number[], values: number[], worseSign: 1 | -1): TaskCheck {
  const nul = signFlipNull(values);
  const statistic = values.reduce((s, v) => s + v, 0);
  return { tasks, values, worseSign, nul, statistic, p: nul.pFor(statistic) };
}

/** The check's statistic and p with each task's sides swapped where `flips[task] = −1`. */
export function flipped(c: TaskCheck, flips: Int8Array): { statistic: number; p: number } {
  let s = 0;
  for (let i = 0; i < c.values.length; i++) s += flips[c.tasks[i]] * c.values[i];
  return { statistic: s, p: c.nul.pFor(s) };
}
