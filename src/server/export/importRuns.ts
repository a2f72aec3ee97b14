import "server-only";
import type { Ctx } from "../context";
import { IMPORT_CANNOT_CARRY, ImportFile, type ImportedRun } from "@/domain/export";
import { toValidationIssues } from "@/domain/protocol/errors";
import { ServiceError } from "../errors";

/** Imported runs have no raw trace; their stored record says so, and keeps the calls it had. */
export const IMPORTED_SUITE = "imported";

/**
 * `POST /api/import/runs`: a runs.json from another dashboard becomes new sessions, one per
 * source session, whose runs, scores and turns reproduce the source's analytics (runs pair by
 * session in comparisons, so merging sessions would change them). Run ids are kept where free.
 * Nothing is stored unless the whole file is valid; every problem is listed. The reply's
 * `session` is the first new session (protocol.md §4); `sessions` lists them all.
 */
export function importRuns(ctx: Ctx, input: unknown, name?: string) {
  const parsed = ImportFile.safeParse(input);
  if (!parsed.success) {
    throw new ServiceError(
      "invalid_request",
      "The file is not a valid runs.json (version 1); fix the problems listed in `issues`.",
      toValidationIssues(parsed.error),
    );
  }
  const groups = new Map<string, ImportedRun[]>();
  for (const r of parsed.data.runs) {
    if (!groups.has(r.sessionId)) groups.set(r.sessionId, []);
    groups.get(r.sessionId)!.push(r);
  }
  const sqlite = ctx.db.$client;
  const now = ctx.now();
  const uniq = (xs: string[]) => [...new Set(xs)];
  const taken = sqlite.prepare("SELECT 1 FROM runs WHERE id = ?");
  const created: { id: string; name: string; runs: number }[] = [];
  sqlite.transaction(() => {
    for (const runs of groups.values()) {
      const sessionId = ctx.newId("ses");
      const source = runs[0].sessionName;
      const sessionName = name ? (groups.size > 1 ? `${name} · ${source}` : name) : `Imported: ${source}`;
      sqlite
        .prepare(
          `INSERT INTO sessions (id, name, suite_id, suite_version, trial, job_order, seed, repeats, lease_seconds, max_attempts, notes, task_ids, config_ids, created_at)
           VALUES (?, ?, ?, 0, ?, 'blocked', 0, ?, 0, 0, ?, ?, ?, ?)`,
        )
        .run(
          sessionId,
          sessionName,
          IMPORTED_SUITE,
          runs.every((r) => r.trial) ? 1 : 0,
          runs.reduce((max, r) => Math.max(max, r.repeat), 1),
          `Imported from runs.json: ${runs.length} runs of session ${runs[0].sessionId} ("${source}").`,
          JSON.stringify(uniq(runs.map((r) => r.taskId))),
          JSON.stringify(uniq(runs.map((r) => r.configId))),
          now,
        );
      for (const r of runs) insertRun(ctx, sessionId, taken.get(r.runId) ? ctx.newId("run") : r.runId, r, now);
      created.push({ id: sessionId, name: sessionName, runs: runs.length });
    }
  })();
  if (!created.length)
    throw new ServiceError(
      "invalid_request",
      "The file holds no runs; export a session that has runs and import that.",
    );
  return {
    session: { id: created[0].id, runs: created[0].runs },
    sessions: created,
    notCarried: [...IMPORT_CANNOT_CARRY],
  };
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
      id,
      sessionId,
      r.attempt,
      r.taskId,
      r.taskVersion,
      r.taskGroup,
      r.heldOut ? 1 : 0,
      r.configId,
      r.configVersion,
      r.repeat,
      r.deviceId,
      r.deviceModel,
      r.buildCommit,
      r.model,
      r.startedAt,
      now,
      r.thermalAtStart,
      r.charging === null ? null : r.charging ? 1 : 0,
      r.superseded ? 1 : 0,
      r.contextWindow,
    );
  // What the export reads back (exportRow, detail): a runs.json's trace-level fields, kept as the file had them.
  const body = JSON.stringify({
    imported: true,
    turns: r.turns,
    toolCalls: r.toolCalls,
    reply: r.reply ?? null,
    wallMs: r.wallMs ?? null,
    thermalAtEnd: r.thermalAtEnd ?? null,
    batteryAtStart: r.batteryAtStart ?? null,
  });
  sqlite.prepare("INSERT INTO traces (run_id, body, bytes) VALUES (?, ?, ?)").run(id, body, Buffer.byteLength(body));
  sqlite
    .prepare(
      `INSERT INTO scores (run_id, task_version, current, created_at, passed, outcome, outcome_reason, end_reason, looping, repatches,
         milestones_reached, milestones_total, tool_calls, failed_tool_calls, turn_count, first_ttft_ms, median_turn_ms, load_ms,
         startup_tokens, peak_context_tokens, output_tokens, checks, progress, metrics)
       VALUES (?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      id,
      r.taskVersion,
      now,
      r.passed ? 1 : 0,
      r.outcome,
      `${r.outcome.replace("_", " ")} (imported; the reason was not exported)`,
      r.endReason,
      r.looping ? 1 : 0,
      r.repatches,
      r.milestonesReached,
      r.milestonesTotal,
      r.toolCallCount,
      r.failedToolCallCount,
      r.turnCount,
      r.firstTtftMs,
      r.medianTurnMs,
      r.loadMs,
      r.startupTokens,
      r.peakContextTokens,
      r.outputTokens,
      JSON.stringify(r.checks.map((c) => ({ ...c, reason: "" }))),
      JSON.stringify(r.progress),
      JSON.stringify({ imported: true }),
    );
  const turn = sqlite.prepare(
    "INSERT INTO turns (run_id, idx, prompt_tokens, context_tokens, ttft_ms, output_tokens, decode_ms) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  r.turns.forEach((t, i) => turn.run(id, i, t.promptTokens, t.contextTokens, t.ttftMs, t.outputTokens, t.decodeMs));
}
