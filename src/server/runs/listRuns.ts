import "server-only";
import type { Ctx } from "../context";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import { RUN_SORTS, pageWindow, type RunsPage } from "@/domain/analytics/runs-query";
import { FROM_RUNS, whereClause } from "../analytics/where";

export interface RunListRow {
  id: string;
  sessionId: string;
  sessionName: string;
  taskId: string;
  taskGroup: string;
  heldOut: boolean;
  configId: string;
  repeat: number;
  attempt: number;
  deviceId: string;
  buildCommit: string;
  passed: boolean;
  outcome: string;
  outcomeReason: string;
  looping: boolean;
  toolCalls: number;
  failedToolCalls: number;
  turnCount: number;
  firstTtftMs: number | null;
  loadMs: number;
  peakContextTokens: number;
  thermalAtStart: string | null;
  charging: boolean | null;
  superseded: boolean;
  trial: boolean;
  unscorable: string | null;
}

/** `GET /api/runs`: the filtered runs, sorted and paginated in SQL. */
export function listRuns(ctx: Ctx, filter: AnalyticsFilter, page: RunsPage) {
  // The explorer lists every run, unscorable ones too (flagged): it is where they are found.
  const w = whereClause(filter, { includeUnscorable: true });
  const sqlite = ctx.db.$client;
  const total = (
    sqlite.prepare(`SELECT COUNT(*) AS n FROM ${FROM_RUNS} WHERE ${w.sql}`).get(...w.params) as { n: number }
  ).n;
  const win = pageWindow(total, page.page, page.pageSize);
  const dir = page.dir === "asc" ? "ASC" : "DESC";
  const rows = sqlite
    .prepare(
      `SELECT r.id, r.session_id AS sessionId, s.name AS sessionName, r.task_id AS taskId, r.task_group AS taskGroup, r.held_out AS heldOut,
              r.config_id AS configId, r.repeat, r.attempt, r.device_id AS deviceId, r.build_commit AS buildCommit, sc.passed,
              sc.outcome, sc.outcome_reason AS outcomeReason, sc.looping, sc.tool_calls AS toolCalls, sc.failed_tool_calls AS failedToolCalls,
              sc.turn_count AS turnCount, sc.first_ttft_ms AS firstTtftMs, sc.load_ms AS loadMs, sc.peak_context_tokens AS peakContextTokens,
              r.thermal_at_start AS thermalAtStart, r.charging, r.superseded, s.trial, sc.unscorable
         FROM ${FROM_RUNS} WHERE ${w.sql}
        ORDER BY ${RUN_SORTS[page.sort]} ${dir}, r.id ${dir} LIMIT ? OFFSET ?`,
    )
    .all(...w.params, page.pageSize, win.offset) as Record<string, unknown>[];
  const bool = (v: unknown) => !!v;
  return {
    total,
    page: win.current,
    pages: win.pages,
    pageSize: page.pageSize,
    first: win.first,
    last: win.last,
    runs: rows.map((r) => ({
      ...r,
      heldOut: bool(r.heldOut),
      passed: bool(r.passed),
      looping: bool(r.looping),
      superseded: bool(r.superseded),
      trial: bool(r.trial),
      charging: r.charging === null ? null : bool(r.charging),
    })) as RunListRow[],
  };
}
