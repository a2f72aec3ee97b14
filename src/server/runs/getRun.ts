import "server-only";
import type { Ctx } from "../context";
import { EXPORT_COLUMNS, camel } from "@/domain/export";
import type { Task } from "@/domain/suite/schema";
import { notFound } from "../errors";
import { z } from "zod";
import { ExportDbRow, exportFrom, exportRow, exportSelect } from "../export/exportRow";
import { dialectOf } from "../store/dialect";
import type { SqlRunner } from "../store/sql";
import { IMPORTED_SUITE } from "../export/importRuns";
import { flag } from "../store/columns";
import { metricsOfRow } from "@/domain/scoring/storedMetrics";

const RunRow = ExportDbRow.extend({
  unscorable: z.string().nullable(),
  milestone_calls: z.string().nullable(),
  outcome_reason: z.string(),
  metrics: z.string(),
  suite_id: z.string(),
  body: z.string(),
});
const DocRow = z.object({ doc: z.string() });
const IdRow = z.object({ id: z.string() });
const PhoneRow = z.object({
  tokenId: z.string().nullable(),
  tokenName: z.string().nullable(),
  pollReportedId: z.string().nullable(),
  mismatch: flag,
});

/**
 * `GET /api/runs/{id}` (protocol.md §5): the run's export fields, its raw trace and its current
 * score; plus (added) the task version it ran (seed workspace, milestones), and the previous and
 * next runs of the same session × task × config, for stepping through repeats. `sql` is a
 * snapshot's runner (getRunView) or the store's.
 */
export async function getRun(ctx: Ctx, id: string, sql: SqlRunner = ctx.store.sql) {
  const r = await sql.get(
    RunRow,
    `SELECT ${exportSelect(dialectOf(sql))}, sc.unscorable, sc.milestone_calls, sc.outcome_reason, sc.metrics, s.suite_id, ${dialectOf(sql).traceText("t.body")} AS body
       FROM ${exportFrom(dialectOf(sql))} WHERE r.id = ? AND sc.current`,
    [id],
  );
  if (!r) throw notFound("run", id);
  const row = exportRow(r);
  const run = Object.fromEntries(EXPORT_COLUMNS.map((c) => [camel(c), row[c]]));
  const taskRow =
    r.suite_id === IMPORTED_SUITE
      ? undefined
      : await sql.get(DocRow, "SELECT doc FROM tasks WHERE suite_id = ? AND task_id = ? AND version = ?", [
          r.suite_id,
          r.task_id,
          r.task_version,
        ]);
  const task = taskRow ? (JSON.parse(taskRow.doc) as Task) : null;
  const siblings = await sql.all(
    IdRow,
    `SELECT id FROM runs WHERE session_id = ? AND task_id = ? AND config_id = ? ORDER BY repeat, attempt, ${dialectOf(sql).collateC("id")}`,
    [r.session_id, r.task_id, r.config_id],
  );
  const at = siblings.findIndex((s) => s.id === id);
  // Issue 34.2: the token the result came in on, and the id its lease's poll reported.
  const phone = await sql.get(
    PhoneRow,
    `SELECT r.token_device_id AS "tokenId", d.name AS "tokenName", l.reported_device_id AS "pollReportedId",
            r.device_mismatch AS "mismatch"
       FROM runs r LEFT JOIN devices d ON d.id = r.token_device_id LEFT JOIN leases l ON l.token_hash = r.lease_token_hash
      WHERE r.id = ?`,
    [id],
  );
  return {
    run,
    trace: JSON.parse(r.body) as unknown,
    score: {
      passed: r.passed,
      outcome: r.outcome,
      outcomeReason: r.outcome_reason,
      // Added: why the run could not be scored (null when it was); then passed is false and checks empty.
      unscorable: r.unscorable,
      checks: JSON.parse(r.checks) as { id: string; passed: boolean; reason: string }[],
      looping: r.looping,
      repatches: r.repatches,
      progress: JSON.parse(r.progress) as number[],
      milestonesReached: r.milestones_reached,
      milestoneCalls: r.milestone_calls === null ? null : (JSON.parse(r.milestone_calls) as (number | null)[]),
      // The JSON holds what has no column of its own (ADR 21): the two together.
      metrics: metricsOfRow(r.metrics, {
        toolCalls: r.tool_calls,
        failedToolCalls: r.failed_tool_calls,
        turns: r.turn_count,
        firstTtftMs: r.first_ttft_ms,
        medianTurnMs: r.median_turn_ms,
        loadMs: r.load_ms,
        startupTokens: r.startup_tokens,
        peakContextTokens: r.peak_context_tokens,
        outputTokens: r.output_tokens,
      }),
    },
    task: task && {
      id: task.id,
      version: task.version,
      title: task.title ?? null,
      prompt: task.prompt,
      workspace: task.workspace,
      milestones: task.milestones ?? [],
    },
    device: {
      tokenId: phone?.tokenId ?? null,
      tokenName: phone?.tokenName ?? null,
      reportedId: r.device_id,
      pollReportedId: phone?.pollReportedId ?? null,
      mismatch: phone?.mismatch ?? false,
    },
    neighbours: {
      previous: at > 0 ? siblings[at - 1].id : null,
      next: at >= 0 && at < siblings.length - 1 ? siblings[at + 1].id : null,
      index: at + 1,
      of: siblings.length,
    },
  };
}
