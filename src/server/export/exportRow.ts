import "server-only";
import { FROM_RUNS } from "../analytics/where";
import { failedChecks, wallMs, type ExportRow } from "@/domain/export";

/** A run joined with its session and current score, as the export and run queries select it. */
export interface ExportDbRow {
  id: string;
  session_id: string;
  session_name: string;
  trial: number;
  task_id: string;
  task_version: number;
  task_group: string;
  held_out: number;
  config_id: string;
  config_version: number;
  repeat: number;
  attempt: number;
  device_id: string;
  device_model: string;
  build_commit: string;
  model: string;
  started_at: string;
  passed: number;
  outcome: string;
  looping: number;
  milestones_reached: number;
  milestones_total: number;
  startup_tokens: number;
  load_ms: number;
  first_ttft_ms: number | null;
  median_turn_ms: number | null;
  turn_count: number;
  tool_calls: number;
  failed_tool_calls: number;
  repatches: number;
  peak_context_tokens: number;
  context_window: number;
  output_tokens: number;
  thermal_at_start: string | null;
  charging: number | null;
  superseded: number;
  checks: string;
  progress: string;
  end_reason: string;
  /** From the stored trace (json_extract): the final reply, and the times wall_ms is taken from. */
  reply: string | null;
  trace_started_at: string | null;
  trace_ended_at: string | null;
  /** An imported run's record keeps the source's wall_ms (it has no end time). */
  imported_wall_ms: number | null;
}

/** The export columns of one run (protocol.md §4). */
export function exportRow(r: ExportDbRow): ExportRow {
  return {
    run_id: r.id,
    session_id: r.session_id,
    session_name: r.session_name,
    trial: !!r.trial,
    task_id: r.task_id,
    task_version: r.task_version,
    task_group: r.task_group,
    held_out: !!r.held_out,
    config_id: r.config_id,
    config_version: r.config_version,
    repeat: r.repeat,
    attempt: r.attempt,
    device_id: r.device_id,
    device_model: r.device_model,
    build_commit: r.build_commit,
    model: r.model,
    started_at: r.started_at,
    passed: !!r.passed,
    outcome: r.outcome,
    looping: !!r.looping,
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
    charging: r.charging === null ? null : !!r.charging,
    superseded: !!r.superseded,
    end_reason: r.end_reason,
    failed_checks: failedChecks(JSON.parse(r.checks) as { id: string; passed: boolean }[]),
    wall_ms: r.imported_wall_ms ?? wallMs(r.trace_started_at, r.trace_ended_at),
    reply: r.reply,
  };
}

/**
 * The SELECT list that produces an ExportDbRow from FROM_RUNS joined with `traces t` (EXPORT_FROM).
 * The v1.1 columns come out of the stored trace with json_extract, so runs.csv reads three values
 * of each trace inside SQLite instead of parsing every trace in JavaScript.
 */
export const EXPORT_SELECT = `r.*, s.name AS session_name, s.trial, sc.passed, sc.outcome, sc.looping, sc.milestones_reached, sc.milestones_total,
  sc.startup_tokens, sc.load_ms, sc.first_ttft_ms, sc.median_turn_ms, sc.turn_count, sc.tool_calls, sc.failed_tool_calls,
  sc.repatches, sc.peak_context_tokens, sc.output_tokens, sc.checks, sc.progress, sc.end_reason,
  json_extract(t.body, '$.reply') AS reply, json_extract(t.body, '$.startedAt') AS trace_started_at,
  json_extract(t.body, '$.endedAt') AS trace_ended_at, json_extract(t.body, '$.wallMs') AS imported_wall_ms`;

/** What EXPORT_SELECT reads from: a run, its session, its score and its stored trace. */
export const EXPORT_FROM = `${FROM_RUNS} JOIN traces t ON t.run_id = r.id`;
