import "server-only";
import { and, inArray, sql } from "drizzle-orm";
import type { PgDb } from "@db/pg-client";
import { runs, scores, sessions, traces, turns } from "@db/schema-pg";
import { z } from "zod";
import { int } from "../columns";
import { rowOf } from "../rows";
import { toPgPlaceholders } from "../sql";
import type { ExportStore, ImportedSession, RunStore, TurnTimes } from "../types";
import { scoreRow } from "./writeRun";

/** Seeds the hash of an import's advisory lock, apart from other advisory locks ("harness-lab:import"). */
const IMPORT_LOCK_SEED = 0x696d706f7274;

/** `run_facts_rebuild()`'s answer: the rows it wrote. */
const RebuiltRow = z.object({ n: int });

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters (a score is 27). */
const ROWS_PER_INSERT = 1_000;

function turnRows(runId: string, ts: TurnTimes[]) {
  return ts.map((t, idx) => ({
    runId,
    idx,
    promptTokens: t.promptTokens,
    contextTokens: t.contextTokens,
    ttftMs: t.ttftMs,
    outputTokens: t.outputTokens,
    decodeMs: t.decodeMs,
  }));
}

async function inBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) await insert(rows.slice(i, i + ROWS_PER_INSERT));
}

/** New scores and rebuilt turns on PostgreSQL, each call one transaction. */
export function pgRuns(db: PgDb): RunStore {
  return {
    rescore: (ws) =>
      db.transaction(async (tx) => {
        if (!ws.length) return;
        // Retired first: at most one current score per run (the partial unique index scores_one_current).
        await tx
          .update(scores)
          .set({ current: false })
          .where(
            and(
              sql`${scores.current}`,
              inArray(
                scores.runId,
                ws.map((w) => w.runId),
              ),
            ),
          );
        await inBatches(ws, (b) =>
          tx.insert(scores).values(b.map((w) => scoreRow(w.runId, w.taskVersion, w.score, w.createdAt))),
        );
      }),
    rebuild: (rows) =>
      db.transaction(async (tx) => {
        const ss = rows.flatMap((r) => (r.score ? [r.score] : []));
        await inBatches(ss, (b) =>
          tx.insert(scores).values(b.map((w) => scoreRow(w.runId, w.taskVersion, w.score, w.createdAt))),
        );
        const ts = rows.flatMap((r) => (r.turns ? turnRows(r.turns.runId, r.turns.turns) : []));
        await inBatches(ts, (b) => tx.insert(turns).values(b));
      }),
    // The migration's function holds writers back while it runs, so their triggers cannot insert a row twice.
    rebuildSummaries: async () =>
      rowOf(RebuiltRow, (await db.$client.query(`SELECT run_facts_rebuild() AS "n"`)).rows[0])?.n ?? 0,
  };
}

/**
 * The export's reads on PostgreSQL: one statement read through a cursor (pg-cursor, a portal
 * fetched `batch` rows at a time) on a connection taken from the pool for the read, so memory stays
 * flat however many runs match; one statement is one snapshot. Released when the reader stops early.
 */
export function pgExport(db: PgDb): ExportStore {
  const pool = db.$client;
  return {
    importSessions: (writes, freshRunId, importKey) =>
      db.transaction(async (tx): Promise<ImportedSession[] | null> => {
        // One import of a file at a time (a lock on the key's hash, released at commit): a second
        // identical import waits here, then finds the sessions the first one committed.
        await tx.execute(
          sql`SELECT pg_advisory_xact_lock(hashtextextended(${importKey}::text, ${IMPORT_LOCK_SEED}::bigint))`,
        );
        const existing = await tx.execute<{ id: string; name: string; runs: number }>(
          sql`SELECT s.id, s.name, (SELECT COUNT(*) FROM runs r WHERE r.session_id = s.id)::int AS runs
                FROM sessions s WHERE s.import_key = ${importKey} ORDER BY s.id COLLATE "C"`,
        );
        if (existing.rows.length) return existing.rows;
        for (const { session: s, runs: rs } of writes) {
          await tx.insert(sessions).values({
            id: s.id,
            name: s.name,
            suiteId: "imported",
            suiteVersion: 0,
            trial: s.trial,
            jobOrder: "blocked",
            seed: 0,
            repeats: s.repeats,
            leaseSeconds: 0,
            maxAttempts: 0,
            notes: s.notes,
            taskIds: JSON.stringify(s.taskIds),
            configIds: JSON.stringify(s.configIds),
            createdAt: s.createdAt,
            importKey,
          });
          const wanted = rs.map((x) => x.run.id);
          const takenIds = new Set(
            (await tx.select({ id: runs.id }).from(runs).where(inArray(runs.id, wanted))).map((r) => r.id),
          );
          for (const { run: r, body, score: c, turns: ts } of rs) {
            const id = takenIds.has(r.id) ? freshRunId() : r.id;
            await tx.insert(runs).values({ ...r, id, jobId: null, sessionId: s.id, leaseTokenHash: null });
            await tx.insert(traces).values({ runId: id, body, bytes: Buffer.byteLength(body) });
            await tx
              .insert(scores)
              .values({ ...c, runId: id, taskVersion: r.taskVersion, current: true, createdAt: s.createdAt });
            if (ts.length) await tx.insert(turns).values(turnRows(id, ts));
          }
        }
        return null;
      }),
    async *stream(text, params, batch = 500) {
      const { default: Cursor } = await import("pg-cursor");
      const client = await pool.connect();
      const cursor = client.query(new Cursor(toPgPlaceholders(text), [...params]));
      try {
        for (;;) {
          const rows = await cursor.read(batch);
          if (!rows.length) break;
          yield rows;
        }
      } finally {
        await cursor.close().catch(() => undefined);
        client.release();
      }
    },
  };
}
