import type { FigureContext } from "../analytics/figureCaption";

/**
 * The session page's figure context (issue 34.6): n as its pass-rate chart counts it (the
 * configs' scored runs), the tasks those runs cover (superseded runs left out, as in the counts),
 * the session's name and when its newest run reached the dashboard.
 */
export function sessionFigureContext(
  name: string,
  configs: readonly { runs: number }[],
  runs: readonly { taskId: string; superseded: boolean; receivedAt: string }[],
): FigureContext {
  const current = runs.filter((r) => !r.superseded);
  let last: number | null = null;
  for (const r of current) {
    const t = Date.parse(r.receivedAt);
    if (Number.isFinite(t) && (last === null || t > last)) last = t;
  }
  return {
    runs: configs.reduce((n, c) => n + c.runs, 0),
    tasks: new Set(current.map((r) => r.taskId)).size,
    sessions: [name],
    lastRunAt: last,
  };
}
