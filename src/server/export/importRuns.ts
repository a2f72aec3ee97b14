import "server-only";
import type { Ctx } from "../context";
import { IMPORT_CANNOT_CARRY, ImportFile, type ImportedRun } from "@/domain/export";
import { importKey } from "./importKey";
import { toValidationIssues } from "@/domain/protocol/errors";
import { ServiceError } from "../errors";
import type { ImportedSession, ImportWrite } from "../store/types";

/** Imported runs have no raw trace; their stored record says so, and keeps the calls it had. */
export const IMPORTED_SUITE = "imported";

/**
 * `POST /api/import/runs`: a runs.json from another dashboard becomes new sessions, one per
 * source session, whose runs, scores and turns reproduce the source's analytics (runs pair by
 * session in comparisons, so merging sessions would change them). Run ids are kept where free.
 * Nothing is stored unless the whole file is valid; every problem is listed. The reply's
 * `session` is the first new session (protocol.md §4); `sessions` lists them all. On either engine.
 *
 * Idempotent (issue 32.3): a file whose content was imported before (its importKey; a retry after a
 * lost answer, a double click, two at once) stores nothing and answers with the sessions it made
 * then, `alreadyImported: true`. `name` is not part of the file, so another name does not make it
 * a new import; `message` says so.
 */
export async function importRuns(ctx: Ctx, input: unknown, name?: string) {
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
  const now = ctx.now();
  const uniq = (xs: string[]) => [...new Set(xs)];
  const created: { id: string; name: string; runs: number }[] = [];
  const writes: ImportWrite[] = [];
  for (const runs of groups.values()) {
    const sessionId = ctx.newId("ses");
    const source = runs[0].sessionName;
    const sessionName = name ? (groups.size > 1 ? `${name} · ${source}` : name) : `Imported: ${source}`;
    writes.push({
      session: {
        id: sessionId,
        name: sessionName,
        trial: runs.every((r) => r.trial),
        repeats: runs.reduce((max, r) => Math.max(max, r.repeat), 1),
        notes: `Imported from runs.json: ${runs.length} runs of session ${runs[0].sessionId} ("${source}").`,
        taskIds: uniq(runs.map((r) => r.taskId)),
        configIds: uniq(runs.map((r) => r.configId)),
        createdAt: now,
      },
      runs: runs.map((r) => importedRun(r, now)),
    });
    created.push({ id: sessionId, name: sessionName, runs: runs.length });
  }
  if (!created.length)
    throw new ServiceError(
      "invalid_request",
      "The file holds no runs; export a session that has runs and import that.",
    );
  const existing = await ctx.store.export.importSessions(writes, () => ctx.newId("run"), importKey(parsed.data));
  const sessions = existing ?? created;
  return {
    session: { id: sessions[0].id, runs: sessions[0].runs },
    sessions,
    notCarried: [...IMPORT_CANNOT_CARRY],
    alreadyImported: existing !== null,
    ...(existing && { message: alreadyImportedMessage(existing, name) }),
  };
}

function alreadyImportedMessage(existing: ImportedSession[], name: string | undefined): string {
  const named = existing.map((s) => `"${s.name}"`).join(", ");
  const rename = name ? ` The name "${name}" was not applied: the name is not part of the file.` : "";
  return `This file was imported before, as ${named}; nothing was stored again. Open ${existing.length > 1 ? "those sessions" : "that session"} to see its runs.${rename}`;
}

/** A runs.json run as stored: its row, a record of what the file carried (no raw trace), its score and turns. */
function importedRun(r: ImportedRun, now: number): ImportWrite["runs"][number] {
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
  return {
    run: {
      id: r.runId,
      attempt: r.attempt,
      taskId: r.taskId,
      taskVersion: r.taskVersion,
      taskGroup: r.taskGroup,
      heldOut: r.heldOut,
      configId: r.configId,
      configVersion: r.configVersion,
      repeat: r.repeat,
      deviceId: r.deviceId,
      deviceModel: r.deviceModel,
      buildCommit: r.buildCommit,
      model: r.model,
      startedAt: r.startedAt,
      receivedAt: now,
      thermalAtStart: r.thermalAtStart,
      charging: r.charging,
      superseded: r.superseded,
      contextWindow: r.contextWindow,
    },
    body,
    score: {
      passed: r.passed,
      outcome: r.outcome,
      outcomeReason: `${r.outcome.replace("_", " ")} (imported; the reason was not exported)`,
      endReason: r.endReason,
      looping: r.looping,
      repatches: r.repatches,
      milestonesReached: r.milestonesReached,
      milestonesTotal: r.milestonesTotal,
      toolCalls: r.toolCallCount,
      failedToolCalls: r.failedToolCallCount,
      turnCount: r.turnCount,
      firstTtftMs: r.firstTtftMs,
      medianTurnMs: r.medianTurnMs,
      loadMs: r.loadMs,
      startupTokens: r.startupTokens,
      peakContextTokens: r.peakContextTokens,
      outputTokens: r.outputTokens,
      checks: JSON.stringify(r.checks.map((c) => ({ ...c, reason: "" }))),
      progress: JSON.stringify(r.progress),
      metrics: JSON.stringify({ imported: true }),
    },
    turns: r.turns,
  };
}
