import "server-only";
import type Database from "better-sqlite3";
import { FACTS_LOG_RESET } from "@db/runFacts";
import { rowReader, type RawRows } from "./copy";
import type { FactsSource } from "./source";
import { COPIED } from "./tables";

const ID_CHUNK = 500;

/**
 * The copy's source on SQLite: `facts_log`'s sequence numbers are commit order (one writer), and
 * each read below runs inside one read transaction, synchronously, so rows and the log's position
 * agree even with another process writing the file.
 */
export function sqliteSource(db: Database.Database): FactsSource {
  const head = db.prepare("SELECT COALESCE(MAX(seq), 0) AS s FROM facts_log").pluck();
  const oldest = db.prepare("SELECT MIN(seq) FROM facts_log").pluck();
  const changed = db.prepare("SELECT DISTINCT run_id FROM facts_log WHERE seq > ? AND seq <= ?").pluck();
  const firstIds = db.prepare("SELECT id FROM run_facts WHERE id > ? ORDER BY id LIMIT ?").pluck();
  const range = (col: string) => `${col} > ? AND ${col} <= ?`;
  const batchReaders = COPIED.map((t) => rowReader(db, t.select(range)));
  const consistent = <T>(fn: () => T): T => db.transaction(fn).deferred();
  return {
    engine: "sqlite",
    position: async () => String(head.get()),
    batch: async (after, limit) =>
      consistent(() => {
        const ids = firstIds.all(after, limit) as string[];
        if (!ids.length) return null;
        const last = ids[ids.length - 1];
        return { last, runs: ids.length, tables: batchReaders.map((r) => r.all(after, last) as RawRows) };
      }),
    delta: async (fromText, reloadAbove) =>
      consistent(() => {
        const from = Number(fromText);
        const to = Number(head.get());
        if (to === from) return null;
        const min = oldest.get() as number | null;
        if (min === null || min > from + 1) return "reload" as const;
        const ids = changed.all(from, to) as string[];
        if (ids.includes(FACTS_LOG_RESET) || ids.length > reloadAbove) return "reload" as const;
        const tables: RawRows[] = COPIED.map(() => []);
        for (let i = 0; i < ids.length; i += ID_CHUNK) {
          const part = ids.slice(i, i + ID_CHUNK);
          const inList = (col: string) => `${col} IN (${part.map(() => "?").join(", ")})`;
          COPIED.forEach((t, k) => tables[k].push(...(rowReader(db, t.select(inList)).all(...part) as RawRows)));
        }
        return { to: String(to), ids, tables };
      }),
    runs: async () => db.prepare("SELECT COUNT(*) FROM run_facts").pluck().get() as number,
    usable: () => !db.inTransaction,
  };
}
