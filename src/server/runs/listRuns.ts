import "server-only";
import type { Ctx } from "../context";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import { RUN_SORTS, pageWindow, type RunsPage } from "@/domain/analytics/runs-query";
import { z } from "zod";
import { FROM_RUNS, runsWhere } from "../analytics/where";
import { flag, flagOrNull, int, num, numOrNull } from "../store/columns";
import { dialectOf } from "../store/dialect";
import { searchWords } from "@/domain/runs/search";
import { deviceNames } from "../devices/deviceNames";
import { phoneLabel } from "@/domain/fleet";

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
  /** The phone as every page names it (issue 34.2): its token's name, the reported id beside it. */
  deviceLabel: string;
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

const Row = z.object({
  id: z.string(),
  sessionId: z.string(),
  sessionName: z.string(),
  taskId: z.string(),
  taskGroup: z.string(),
  heldOut: flag,
  configId: z.string(),
  repeat: int,
  attempt: int,
  deviceId: z.string(),
  tokenDeviceId: z.string().nullable(),
  buildCommit: z.string(),
  passed: flag,
  outcome: z.string(),
  outcomeReason: z.string(),
  looping: flag,
  toolCalls: int,
  failedToolCalls: int,
  turnCount: int,
  firstTtftMs: numOrNull,
  loadMs: num,
  peakContextTokens: int,
  thermalAtStart: z.string().nullable(),
  charging: flagOrNull,
  superseded: flag,
  trial: flag,
  unscorable: z.string().nullable(),
});
const CountRow = z.object({ n: int });
/** Text sorts compare bytes, as on SQLite, whatever the PostgreSQL database's collation. */
const TEXT_SORTS = new Set(["started", "task", "config", "outcome"]);

/** `GET /api/runs`: the filtered runs, searched, sorted and paginated in SQL (either engine). */
export async function listRuns(ctx: Ctx, filter: AnalyticsFilter, page: RunsPage) {
  // The explorer lists every run, unscorable ones too (flagged): it is where they are found.
  const { sql } = ctx.store;
  const d = dialectOf(sql);
  const w = runsWhere(filter, { includeUnscorable: true });
  // The search narrows the filters' runs (words ANDed; punctuation alone searches nothing).
  const words = searchWords(page.q);
  if (words.length) {
    const m = d.runsMatching(words);
    w.sql = `${w.sql} AND ${m.sql}`;
    w.params = [...w.params, ...m.params];
  }
  const total = (await sql.get(CountRow, `SELECT COUNT(*) AS n FROM ${FROM_RUNS} WHERE ${w.sql}`, w.params))?.n ?? 0;
  const win = pageWindow(total, page.page, page.pageSize);
  const dir = page.dir === "asc" ? "ASC" : "DESC";
  // SQLite puts NULLs first ascending and PostgreSQL last: said here, so both page alike.
  const nulls = page.dir === "asc" ? "NULLS FIRST" : "NULLS LAST";
  const col = TEXT_SORTS.has(page.sort) ? d.collateC(RUN_SORTS[page.sort]) : RUN_SORTS[page.sort];
  const names = await deviceNames(sql);
  const rows = await sql.all(
    Row,
    `SELECT r.id, r.session_id AS "sessionId", s.name AS "sessionName", r.task_id AS "taskId", r.task_group AS "taskGroup",
            r.held_out AS "heldOut", r.config_id AS "configId", r.repeat, r.attempt, r.device_id AS "deviceId",
            r.token_device_id AS "tokenDeviceId", r.build_commit AS "buildCommit", sc.passed, sc.outcome, sc.outcome_reason AS "outcomeReason", sc.looping,
            sc.tool_calls AS "toolCalls", sc.failed_tool_calls AS "failedToolCalls", sc.turn_count AS "turnCount",
            sc.first_ttft_ms AS "firstTtftMs", sc.load_ms AS "loadMs", sc.peak_context_tokens AS "peakContextTokens",
            r.thermal_at_start AS "thermalAtStart", r.charging, r.superseded, s.trial, sc.unscorable
       FROM ${FROM_RUNS} WHERE ${w.sql}
      ORDER BY ${col} ${dir} ${nulls}, ${d.collateC("r.id")} ${dir} LIMIT ? OFFSET ?`,
    [...w.params, page.pageSize, win.offset],
  );
  const runs: RunListRow[] = rows.map(({ tokenDeviceId, ...r }) => ({
    ...r,
    deviceLabel: phoneLabel(tokenDeviceId === null ? null : (names.get(tokenDeviceId) ?? null), r.deviceId),
  }));
  return {
    total,
    page: win.current,
    pages: win.pages,
    pageSize: page.pageSize,
    first: win.first,
    last: win.last,
    runs,
  };
}
