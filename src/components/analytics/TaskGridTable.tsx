import Link from "next/link";
import type { TaskGrid } from "@/domain/analytics/grid";
import { runsHref } from "@/domain/analytics/links";

const GROUP_LABEL: Record<string, string> = {
  no_files: "no files needed",
  files: "file task",
  multi_step: "multi-step file task",
};

/** View 3: tasks × configs, k/n per cell; task names coloured by group, held-out tasks marked (Figure 4). */
export function TaskGridTable({ grid, filterQuery }: { grid: TaskGrid; filterQuery: string }) {
  return (
    <>
      <div className="legend">
        <span className="task-name g-no_files">no files needed</span>
        <span className="task-name g-files">file task</span>
        <span className="task-name g-multi_step">multi-step</span>
        <span>◆ held out</span>
        <span>
          {grid.deterministicTasks} of {grid.tasks.length} tasks scored 0/n or n/n under every config
        </span>
      </div>
      <div style={{ overflowX: "auto" }}>
        <table className="grid-table" data-testid="task-grid">
          <thead>
            <tr>
              <th>Task</th>
              {grid.configs.map((c) => (
                <th key={c} className="rot" style={{ textAlign: "center" }}>
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {grid.tasks.map((t) => (
              <tr key={t.taskId} data-testid={`grid-${t.taskId}`}>
                <td className={`task-name g-${t.group}`} title={GROUP_LABEL[t.group] ?? t.group}>
                  {t.taskId} {t.heldOut && <span title="held out">◆</span>}
                </td>
                {grid.configs.map((c) => {
                  const cell = grid.cells[t.taskId]?.[c];
                  if (!cell)
                    return (
                      <td key={c} className="cell muted">
                        ·
                      </td>
                    );
                  const cls = cell.passed === cell.runs ? "all" : cell.passed === 0 ? "none" : "some";
                  return (
                    <td key={c} className={`cell ${cls}`} data-testid={`cell-${t.taskId}-${c}`}>
                      <Link prefetch={false} href={runsHref(filterQuery, { task: t.taskId, config: c })}>
                        {cell.passed}/{cell.runs}
                      </Link>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
