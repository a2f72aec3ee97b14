import "server-only";
import type { Ctx } from "../context";
import { ImportFile, type ImportedRun } from "@/domain/export";
import { toValidationIssues } from "@/domain/protocol/errors";
import { ServiceError } from "../errors";

/** Imported runs have no raw trace; their stored record says so, and keeps the calls it had. */
export const IMPORTED_SUITE = "imported";

/**
 * `POST /api/import/runs`: a runs.json from another dashboard becomes one new session whose
 * runs, scores and turns reproduce the source's analytics. Run ids are kept where free. Nothing
 * is stored unless the whole file is valid; every problem is listed.
 */
export function importRuns(ctx: Ctx, input: unknown, name?: string) {
  const parsed = ImportFile.safeParse(input);
  if (!parsed.success) {
    throw new ServiceError("invalid_request", "The file is not a valid runs.json (version 1); fix the problems listed in `issues`.", toValidationIssues(parsed.error));
  }
  const runs = parsed.data.runs;
  const sqlite = ctx.db.$client;
  const sessionId = ctx.newId("ses");
  const now = ctx.now();
  const sources = [...new Set(runs.map((r) => r.sessionName))];
  const uniq = (xs: string[]) => [...new Set(xs)];
  const taken = sqlite.prepare("SELECT 1 FROM runs WHERE id = ?");
  sqlite.transaction(() => {
    sqlite
      .prepare(
        `INSERT INTO sessions (id, name, suite_id, suite_version, trial, job_order, seed, repeats, lease_seconds, max_attempts, notes, task_ids, config_ids, created_at)
         VALUES (?, ?, ?, 0, ?, 'blocked', 0, ?, 0, 0, ?, ?, ?, ?)`,
      )
      .run(
        sessionId, name ?? `Imported: ${sources.slice(0, 3).join(", ")}${sources.length > 3 ? ", …" : ""}`, IMPORTED_SUITE,
        runs.every((r) => r.trial) ? 1 : 0, runs.reduce((max, r) => Math.max(max, r.repeat), 1),
        `Imported from runs.json: ${runs.length} runs from ${sources.length} session(s).`,
        JSON.stringify(uniq(runs.map((r) => r.taskId))), JSON.stringify(uniq(runs.map((r) => r.configId))), now,
      );
    for (const r of runs) insertRun(ctx, sessionId, taken.get(r.runId) ? ctx.newId("run") : r.runId, r, now);
  })();
  return { session: { id: sessionId, runs: runs.length } };
}

function insertRun(ctx: Ctx, sessionId: string, id: string, r: ImportedRun, now: number) {
  const sqlite = ctx.db.$client;
  sqlite
    .prepare(
      `INSERT INTO runs (id, job_id, session_id, lease_token_hash, attempt, task_id, task_version, task_group, held_out, config_id,
         config_version, repeat, device_id, device_model, build_commit, model, started_at, received_at, thermal_at_start, charging,
         superseded, context_window)
       VALUES (?, NULL, ?, NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      id, sessionId, r.attempt, r.taskId, r.taskVersion, r.taskGroup, r.heldOut ? 1 : 0, r.configId, r.configVersion, r.repeat,
      r.deviceId, r.deviceModel, r.buildCommit, r.model, r.startedAt, now, r.thermalAtStart,
      r.charging === null ? null : r.charging ? 1 : 0, r.superseded ? 1 : 0, r.contextWindow,
    );
  const body = JSON.stringify({ imported: true, turns: r.turns, toolCalls: r.toolCalls });
  sqlite.prepare("INSERT INTO traces (run_id, body, bytes) VALUES (?, ?, ?)").run(id, body, Buffer.byteLength(body));
  sqlite
    .prepare(
      `INSERT INTO scores (run_id, task_version, current, created_at, passed, outcome, outcome_reason, end_reason, looping, repatches,
         milestones_reached, milestones_total, tool_calls, failed_tool_calls, turn_count, first_ttft_ms, median_turn_ms, load_ms,
         startup_tokens, peak_context_tokens, output_tokens, checks, progress, metrics)
       VALUES (?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      id, r.taskVersion, now, r.passed ? 1 : 0, r.outcome, `${r.outcome.replace("_", " ")} (imported; the reason was not exported)`, r.endReason,
      r.looping ? 1 : 0, r.repatches, r.milestonesReached, r.milestonesTotal, r.toolCallCount, r.failedToolCallCount, r.turnCount,
      r.firstTtftMs, r.medianTurnMs, r.loadMs, r.startupTokens, r.peakContextTokens, r.outputTokens,
      JSON.stringify(r.checks.map((c) => ({ ...c, reason: "" }))), JSON.stringify(r.progress), JSON.stringify({ imported: true }),
    );
  const turn = sqlite.prepare("INSERT INTO turns (run_id, idx, prompt_tokens, context_tokens, ttft_ms, output_tokens, decode_ms) VALUES (?, ?, ?, ?, ?, ?, ?)");
  r.turns.forEach((t, i) => turn.run(id, i, t.promptTokens, t.contextTokens, t.ttftMs, t.outputTokens, t.decodeMs));
}
