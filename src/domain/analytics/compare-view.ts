import type { Comparison, TaskPassFacts } from "./compare";

export interface TaskLine {
  taskId: string;
  a: string;
  b: string;
}
export interface CompareLists {
  improved: TaskLine[];
  degraded: TaskLine[];
  unchanged: TaskLine[];
}

/** The improved / degraded / unchanged task lists with each side's passes as "k/n", list order kept. */
export function compareLists(
  c: Pick<Comparison, "improved" | "degraded" | "unchanged">,
  tasks: readonly TaskPassFacts[],
): CompareLists {
  const facts = new Map(tasks.map((t) => [t.taskId, t]));
  const line = (taskId: string): TaskLine => {
    const t = facts.get(taskId);
    return { taskId, a: t ? `${t.aPassed}/${t.aRuns}` : "–", b: t ? `${t.bPassed}/${t.bRuns}` : "–" };
  };
  return { improved: c.improved.map(line), degraded: c.degraded.map(line), unchanged: c.unchanged.map(line) };
}

/**
 * The two sides a compare page shows: the ones in the address when they are among the configs
 * with runs, else the first two configs in order (a config against itself when only one ran).
 */
export function defaultSides(configs: readonly string[], a?: string, b?: string): { a: string; b: string } | null {
  if (!configs.length) return null;
  const pick = (x: string | undefined, fallback: string) => (x && configs.includes(x) ? x : fallback);
  return { a: pick(a, configs[0]), b: pick(b, configs[1] ?? configs[0]) };
}

/** "bash-plan in “night run”", or "bash-plan in the selected sessions" when no session is fixed. */
export function sideLabel(
  config: string,
  sessionId: string | undefined,
  sessions: readonly { id: string; name: string }[],
): string {
  if (!sessionId) return `${config} in the selected sessions`;
  return `${config} in “${sessions.find((s) => s.id === sessionId)?.name ?? sessionId}”`;
}
