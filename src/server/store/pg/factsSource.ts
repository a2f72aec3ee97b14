import "server-only";
import type { Pool, PoolClient } from "pg";
import { toPgPlaceholders } from "../sql";
import { pgReadOnly } from "./sql";
import type { RawRows } from "../../columnar/copy";
import type { FactsSource } from "../../columnar/source";
import { COPIED } from "../../columnar/tables";

/**
 * The columnar copy's source on PostgreSQL (migration 0010, ADR 12); here, with the rest of the
 * PostgreSQL side, so a SQLite dashboard never loads the driver. Several processes write, and a sequence number
 * is taken before its transaction commits, so positions are snapshot xmins, not sequence numbers:
 * a catch-up in snapshot S reads every entry whose transaction id is at least the previous
 * snapshot's xmin. Every transaction below that xmin had finished before the previous catch-up,
 * whose snapshot saw it; every one at or above it that has committed since, this one sees. Entries
 * read twice re-read their runs whole, which changes nothing. Each read is one REPEATABLE READ,
 * READ ONLY transaction, so rows and position agree.
 */
export function pgFactsSource(pool: Pool): FactsSource {
  const inSnapshot = <T>(fn: (c: PoolClient) => Promise<T>) => pgReadOnly(pool, fn);
  const rows = async (c: PoolClient, text: string, values: unknown[]) =>
    (await c.query({ text: toPgPlaceholders(text), values, rowMode: "array" })).rows as RawRows;
  const xmin = async (c: PoolClient) =>
    (await c.query<{ x: string }>("SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS x")).rows[0].x;
  const range = (col: string) => `${col} > ? AND ${col} <= ?`;
  const anyOf = (col: string) => `${col} = ANY(?)`;
  return {
    engine: "postgres",
    position: () => inSnapshot(xmin),
    batch: (after, limit) =>
      inSnapshot(async (c) => {
        // The primary key's order (the database's collation) for both the limit and the ranges.
        const ids = (
          await c.query<{ id: string }>("SELECT id FROM run_facts WHERE id > $1 ORDER BY id LIMIT $2", [after, limit])
        ).rows.map((r) => r.id);
        if (!ids.length) return null;
        const last = ids[ids.length - 1];
        const tables: RawRows[] = [];
        for (const t of COPIED) tables.push(await rows(c, t.select(range), [after, last]));
        return { last, runs: ids.length, tables };
      }),
    delta: (from, reloadAbove) =>
      inSnapshot(async (c) => {
        const to = await xmin(c);
        const pruned = (await c.query<{ x: string }>("SELECT xid::text AS x FROM facts_log_pruned")).rows[0]?.x ?? "0";
        if (BigInt(pruned) >= BigInt(from)) return "reload" as const;
        const ids = (
          await c.query<{ id: string }>("SELECT DISTINCT run_id AS id FROM facts_log WHERE xid >= $1::xid8", [from])
        ).rows.map((r) => r.id);
        if (!ids.length) return to === from ? null : { to, ids, tables: COPIED.map(() => []) };
        if (ids.includes("*") || ids.length > reloadAbove) return "reload" as const;
        const tables: RawRows[] = [];
        for (const t of COPIED) tables.push(await rows(c, t.select(anyOf), [ids]));
        return { to, ids, tables };
      }),
    runs: async () => (await pool.query<{ n: number }>("SELECT COUNT(*)::int AS n FROM run_facts")).rows[0].n,
    usable: () => true,
  };
}
