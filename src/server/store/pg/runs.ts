import "server-only";
import { and, inArray, sql } from "drizzle-orm";
import type { Pool } from "pg";
import type { PgDb } from "@db/pg-client";
import { scores, turns } from "@db/schema-pg";
import type { Trace } from "@/domain/protocol";
import { toPgPlaceholders } from "../sql";
import type { ExportStore, RunStore } from "../types";
import { scoreRow } from "./writeRun";

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters (a score is 27). */
const ROWS_PER_INSERT = 1_000;

function turnRows(runId: string, ts: Trace["turns"]) {
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
  };
}

/**
 * The export's reads on PostgreSQL: one statement read through a cursor (pg-cursor, a portal
 * fetched `batch` rows at a time) on a connection taken from the pool for the read, so memory stays
 * flat however many runs match; one statement is one snapshot. Released when the reader stops early.
 */
export function pgExport(pool: Pool): ExportStore {
  return {
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
