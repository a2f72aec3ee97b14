import "server-only";
import Database from "better-sqlite3";
import { installTraceCodec, storedBody } from "@db/traceCodec.mjs";
import { rebuildRunFacts } from "@db/runFacts";
import type { DbCtx } from "./dbCtx";
import { insertScore } from "./insertScore";
import { insertTurns } from "./insertTurns";
import { stmt } from "./statements";
import { sqliteParams } from "../sql";
import type { ExportStore, ImportedSession, RunStore } from "../types";

/** New scores and rebuilt turns on SQLite: the statements rescoreSession and rebuildDerived ran, in one transaction. */
export function sqliteRuns(ctx: DbCtx): RunStore {
  const sqlite = ctx.drizzle.$client;
  return {
    rescore: async (ws) => {
      sqlite.transaction(() => {
        // Retire the current scores of every rescored run in one statement, then add the new ones.
        sqlite
          .prepare("UPDATE scores SET current = 0 WHERE current = 1 AND run_id IN (SELECT value FROM json_each(?))")
          .run(JSON.stringify(ws.map((w) => w.runId)));
        for (const w of ws) insertScore(ctx, w.runId, w.taskVersion, w.score, { clearCurrent: false });
      })();
    },
    rebuild: async (rows) => {
      sqlite.transaction(() => {
        for (const r of rows) {
          if (r.score) insertScore(ctx, r.score.runId, r.score.taskVersion, r.score.score);
          if (r.turns) insertTurns(ctx, r.turns.runId, r.turns);
        }
      })();
    },
    rebuildSummaries: async () => sqlite.transaction(() => rebuildRunFacts(sqlite)).immediate(),
  };
}

/**
 * The export's reads on SQLite: on a read-only connection of its own (a long iteration must not
 * hold the shared connection), in one read transaction (one consistent snapshot), row by row.
 */
export function sqliteExport(ctx: DbCtx): ExportStore {
  const sqlite = ctx.drizzle.$client;
  const b = (v: boolean) => (v ? 1 : 0);
  return {
    importSessions: async (sessions, freshRunId, importKey) => {
      const taken = stmt(ctx, "SELECT 1 FROM runs WHERE id = ?");
      // IMMEDIATE: the write lock is taken before the key is looked up, so another process importing
      // the same file waits and then finds these sessions (one process is serialized anyway).
      return sqlite
        .transaction((): ImportedSession[] | null => {
          const existing = stmt(
            ctx,
            `SELECT s.id, s.name, (SELECT COUNT(*) FROM runs r WHERE r.session_id = s.id) AS runs
           FROM sessions s WHERE s.import_key = ? ORDER BY s.id`,
          ).all(importKey) as ImportedSession[];
          if (existing.length) return existing;
          for (const { session: s, runs } of sessions) {
            stmt(
              ctx,
              `INSERT INTO sessions (id, name, suite_id, suite_version, trial, job_order, seed, repeats, lease_seconds, max_attempts, notes, task_ids, config_ids, created_at, import_key)
             VALUES (?, ?, 'imported', 0, ?, 'blocked', 0, ?, 0, 0, ?, ?, ?, ?, ?)`,
            ).run(
              s.id,
              s.name,
              b(s.trial),
              s.repeats,
              s.notes,
              JSON.stringify(s.taskIds),
              JSON.stringify(s.configIds),
              s.createdAt,
              importKey,
            );
            for (const { run: r, body, score: c, turns } of runs) {
              const id = taken.get(r.id) ? freshRunId() : r.id;
              stmt(
                ctx,
                `INSERT INTO runs (id, job_id, session_id, lease_token_hash, attempt, task_id, task_version, task_group, held_out, config_id,
                 config_version, repeat, device_id, device_model, build_commit, model, started_at, received_at, thermal_at_start, charging,
                 superseded, context_window)
               VALUES (?, NULL, ?, NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
              ).run(
                id,
                s.id,
                r.attempt,
                r.taskId,
                r.taskVersion,
                r.taskGroup,
                b(r.heldOut),
                r.configId,
                r.configVersion,
                r.repeat,
                r.deviceId,
                r.deviceModel,
                r.buildCommit,
                r.model,
                r.startedAt,
                r.receivedAt,
                r.thermalAtStart,
                r.charging === null ? null : b(r.charging),
                b(r.superseded),
                r.contextWindow,
              );
              stmt(ctx, "INSERT INTO traces (run_id, body, bytes) VALUES (?, ?, ?)").run(
                id,
                storedBody(ctx.drizzle.$client, body),
                Buffer.byteLength(body),
              );
              stmt(
                ctx,
                `INSERT INTO scores (run_id, task_version, current, created_at, passed, outcome, outcome_reason, end_reason, looping, repatches,
                 milestones_reached, milestones_total, tool_calls, failed_tool_calls, turn_count, first_ttft_ms, median_turn_ms, load_ms,
                 startup_tokens, peak_context_tokens, output_tokens, checks, progress, metrics)
               VALUES (?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
              ).run(
                id,
                r.taskVersion,
                s.createdAt,
                b(c.passed),
                c.outcome,
                c.outcomeReason,
                c.endReason,
                b(c.looping),
                c.repatches,
                c.milestonesReached,
                c.milestonesTotal,
                c.toolCalls,
                c.failedToolCalls,
                c.turnCount,
                c.firstTtftMs,
                c.medianTurnMs,
                c.loadMs,
                c.startupTokens,
                c.peakContextTokens,
                c.outputTokens,
                c.checks,
                c.progress,
                c.metrics,
              );
              insertTurns(ctx, id, { turns });
            }
          }
          return null;
        })
        .immediate();
    },
    async *stream(text, params, batch = 500) {
      const db = new Database(ctx.drizzle.$client.name, { readonly: true, fileMustExist: true });
      try {
        installTraceCodec(db);
        const stmt = db.prepare(text);
        db.exec("BEGIN");
        let rows: unknown[] = [];
        for (const r of stmt.iterate(...sqliteParams(params))) {
          rows.push(r);
          if (rows.length >= batch) {
            yield rows;
            rows = [];
          }
        }
        if (rows.length) yield rows;
        db.exec("COMMIT");
      } finally {
        db.close();
      }
    },
  };
}
