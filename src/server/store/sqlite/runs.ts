import "server-only";
import Database from "better-sqlite3";
import type { DbCtx } from "../../context";
import { insertScore } from "../../runs/insertScore";
import { insertTurns } from "../../runs/insertTurns";
import { sqliteParams } from "../sql";
import type { ExportStore, RunStore } from "../types";

/** New scores and rebuilt turns on SQLite: the statements rescoreSession and rebuildDerived ran, in one transaction. */
export function sqliteRuns(ctx: DbCtx): RunStore {
  const sqlite = ctx.db.$client;
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
  };
}

/**
 * The export's reads on SQLite: on a read-only connection of its own (a long iteration must not
 * hold the shared connection), in one read transaction (one consistent snapshot), row by row.
 */
export function sqliteExport(ctx: DbCtx): ExportStore {
  return {
    async *stream(text, params, batch = 500) {
      const db = new Database(ctx.db.$client.name, { readonly: true, fileMustExist: true });
      try {
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
