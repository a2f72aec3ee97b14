import "server-only";
import { z } from "zod";
import { FROM_RUNS } from "../analytics/where";
import { flag, flagOrNull, int, num, numOrNull } from "../store/columns";
import type { Dialect } from "../store/dialect";
import { failedChecks, wallMs, type ExportRow } from "@/domain/export";

const str = z.string();
const strOrNull = z.string().nullable();

/** A run joined with its session and current score, as the export and run queries select it (either engine). */
export const ExportDbRow = z.object({
  id: str,
  session_id: str,
  session_name: str,
  trial: flag,
  task_id: str,
  task_version: int,
  task_group: str,
  held_out: flag,
  config_id: str,
  config_version: int,
  repeat: int,
  attempt: int,
  device_id: str,
  device_model: str,
  build_commit: str,
  model: str,
  started_at: str,
  passed: flag,
  outcome: str,
  looping: flag,
  milestones_reached: int,
  milestones_total: int,
  startup_tokens: int,
  load_ms: num,
  first_ttft_ms: numOrNull,
  median_turn_ms: numOrNull,
  turn_count: int,
  tool_calls: int,
  failed_tool_calls: int,
  repatches: int,
  peak_context_tokens: int,
  context_window: int,
  output_tokens: int,
  thermal_at_start: strOrNull,
  charging: flagOrNull,
  superseded: flag,
  checks: str,
  progress: str,
  end_reason: str,
  /** From the stored trace (a JSON read): the final reply, and the times wall_ms is taken from. */
  reply: strOrNull,
  trace_started_at: strOrNull,
  trace_ended_at: strOrNull,
  /** An imported run's record keeps the source's wall_ms (it has no end time); text on PostgreSQL, parsed here. */
  imported_wall_ms: numOrNull,
});
export type ExportDbRow = z.output<typeof ExportDbRow>;

/** The export columns of one run (protocol.md §4). */
export function exportRow(r: ExportDbRow): ExportRow {
  return {
    run_id: r.id,
    session_id: r.session_id,
    session_name: r.session_name,
    trial: r.trial,
    task_id: r.task_id,
    task_version: r.task_version,
    task_group: r.task_group,
    held_out: r.held_out,
    config_id: r.config_id,
    config_version: r.config_version,
    repeat: r.repeat,
    attempt: r.attempt,
    device_id: r.device_id,
    device_model: r.device_model,
    build_commit: r.build_commit,
    model: r.model,
    started_at: r.started_at,
    passed: r.passed,
    outcome: r.outcome,
    looping: r.looping,
    milestones_reached: r.milestones_reached,
    milestones_total: r.milestones_total,
    startup_tokens: r.startup_tokens,
    load_ms: r.load_ms,
    first_ttft_ms: r.first_ttft_ms,
    median_turn_ms: r.median_turn_ms,
    turn_count: r.turn_count,
    tool_call_count: r.tool_calls,
    failed_tool_call_count: r.failed_tool_calls,
    repatches: r.repatches,
    peak_context_tokens: r.peak_context_tokens,
    context_window: r.context_window,
    output_tokens: r.output_tokens,
    thermal_at_start: r.thermal_at_start,
    charging: r.charging,
    superseded: r.superseded,
    end_reason: r.end_reason,
    failed_checks: failedChecks(JSON.parse(r.checks) as { id: string; passed: boolean }[]),
    wall_ms: r.imported_wall_ms ?? wallMs(r.trace_started_at, r.trace_ended_at),
    reply: r.reply,
  };
}

/** The v1.1 columns read out of the stored trace, by the name each has in an ExportDbRow. */
const TRACE_VALUES = {
  reply: "$.reply",
  trace_started_at: "$.startedAt",
  trace_ended_at: "$.endedAt",
  imported_wall_ms: "$.wallMs",
};
const traceValues = (d: Dialect) => d.jsonFields(d.traceText("t.body"), "tv", TRACE_VALUES);

/**
 * The SELECT list that produces an ExportDbRow from exportFrom(d). The v1.1 columns come out of the
 * stored trace with the engine's JSON read, so runs.csv reads four values of each trace inside the
 * database instead of parsing every trace in JavaScript.
 */
export function exportSelect(d: Dialect): string {
  const tv = traceValues(d).cols;
  return `r.*, s.name AS session_name, s.trial, sc.passed, sc.outcome, sc.looping, sc.milestones_reached, sc.milestones_total,
  sc.startup_tokens, sc.load_ms, sc.first_ttft_ms, sc.median_turn_ms, sc.turn_count, sc.tool_calls, sc.failed_tool_calls,
  sc.repatches, sc.peak_context_tokens, sc.output_tokens, sc.checks, sc.progress, sc.end_reason,
  ${Object.entries(tv)
    .map(([name, expr]) => `${expr} AS ${name}`)
    .join(", ")}`;
}

/**
 * What the export SELECT reads from: a run, its session, its score and its stored trace (and, on
 * PostgreSQL, the trace's values parsed once: Dialect.jsonFields).
 */
export function exportFrom(d: Dialect): string {
  return `${FROM_RUNS} JOIN traces t ON t.run_id = r.id ${traceValues(d).join}`;
}

/**
 * The export's run order (protocol.md §4): session creation, task id, config id, repeat, attempt,
 * run id; text compared byte by byte on both engines (the golden files' order), none of them null.
 */
export function exportOrder(d: Dialect): string {
  const c = d.collateC;
  return `ORDER BY s.created_at, ${c("s.id")}, ${c("r.task_id")}, ${c("r.config_id")}, r.repeat, r.attempt, ${c("r.id")}`;
}

/**
 * exportFrom for rows that carry the whole raw trace, on SQLite, already in `order`: the runs that
 * `where` selects are sorted by their keys alone first (a co-routine: its LIMIT, which limits
 * nothing, keeps SQLite from flattening it into the join and dropping its ORDER BY), and only then
 * joined to their rows and traces, in that order (CROSS JOIN fixes the loops' nesting). Sorting
 * the joined rows put every ~22 KB body into SQLite's sorter: at 1M runs 26 GB of temporary files,
 * rewritten by each merge pass, which kept one export of runs.json running past half an hour.
 * PostgreSQL reads exportFrom as it is: its sort keeps a TOASTed body as a pointer (checked on
 * PostgreSQL 15: 5,000 rows with 20 KB bodies sorted in 544 kB of memory, 427 kB without them).
 */
export function keysFirstFrom(where: string, order: string): string {
  return `(SELECT r.id AS run_key, sc.id AS score_key FROM ${FROM_RUNS} WHERE ${where} ${order} LIMIT -1) o
    CROSS JOIN runs r ON r.id = o.run_key CROSS JOIN sessions s ON s.id = r.session_id
    CROSS JOIN scores sc ON sc.id = o.score_key CROSS JOIN traces t ON t.run_id = r.id`;
}
