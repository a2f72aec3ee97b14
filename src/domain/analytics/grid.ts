import { TASK_GROUPS } from "../suite/schema";

export interface GridCellFacts {
  taskId: string;
  configId: string;
  group: string;
  heldOut: boolean;
  runs: number;
  passed: number;
}
export interface GridTask {
  taskId: string;
  group: string;
  heldOut: boolean;
}
export interface TaskGrid {
  tasks: GridTask[];
  configs: string[];
  /** cells[taskId][configId] = k of n; absent where the task never ran under that config. */
  cells: Record<string, Record<string, { runs: number; passed: number }>>;
  /** Tasks whose every config scored all-or-nothing (0/n or n/n): the study's near-determinism. */
  deterministicTasks: number;
}

const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The task × config pass grid (the study's Figure 4): tasks ordered by group (no files, files,
 * multi-step), held-out tasks after the others in their group, then by id; configs by id.
 */
export function buildTaskGrid(facts: GridCellFacts[]): TaskGrid {
  const tasks = new Map<string, GridTask>();
  const configs = new Set<string>();
  const cells: TaskGrid["cells"] = {};
  for (const f of facts) {
    if (!tasks.has(f.taskId)) tasks.set(f.taskId, { taskId: f.taskId, group: f.group, heldOut: f.heldOut });
    configs.add(f.configId);
    (cells[f.taskId] ??= {})[f.configId] = { runs: f.runs, passed: f.passed };
  }
  const rank = (g: string) => {
    const i = (TASK_GROUPS as readonly string[]).indexOf(g);
    return i < 0 ? TASK_GROUPS.length : i;
  };
  const ordered = [...tasks.values()].sort(
    (a, b) => rank(a.group) - rank(b.group) || Number(a.heldOut) - Number(b.heldOut) || byCode(a.taskId, b.taskId),
  );
  const deterministicTasks = ordered.filter((t) =>
    Object.values(cells[t.taskId]).every((c) => c.passed === 0 || c.passed === c.runs),
  ).length;
  return { tasks: ordered, configs: [...configs].sort(byCode), cells, deterministicTasks };
}
