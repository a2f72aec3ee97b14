import "server-only";
import type { Pool, PoolClient } from "pg";
import { toPgPlaceholders } from "../sql";
import { pgReadOnly } from "./sql";
import type { RawRows } from "../columnar/copy";
import type { FactsSource } from "../columnar/source";
import { COPIED } from "../columnar/tables";

/** The run id of the entry `run_facts_rebuild()` logs: every row may have changed. */
const RESET = "*";

/** A position: a snapshot (`xmin:xmax:xip,…`) and the prune count it saw. */
interface Position {
  snapshot: string;
  prunes: string;
}

const formatPosition = (p: Position) => `${p.snapshot}/${p.prunes}`;

function parsePosition(text: string): Position {
  const [snapshot, prunes = "0"] = text.split("/");
  return { snapshot, prunes };
}

const xminOf = (p: Position) => p.snapshot.split(":")[0];

/**
 * The columnar copy's source on PostgreSQL (migrations 0010 and 0011, ADR 12); here, with the rest
 * of the PostgreSQL side, so a SQLite dashboard never loads the driver. Several processes write, and
 * a sequence number is taken before its transaction commits, so a position is a snapshot, not a
 * sequence number: a catch-up in snapshot S reads the entries of every transaction the previous
 * snapshot did not see (at or past its xmin and not visible in it); every one of those that has
 * committed since, S sees. Each read is one REPEATABLE READ, READ ONLY transaction, so rows and
 * position agree.
 *
 * Entries the previous snapshot saw are not read again: a transaction open anywhere on the cluster
 * holds every snapshot's xmin down, and re-reading from the xmin alone sent a copy that had just
 * loaded past a rebuild's reset entry, or past more than `reloadAbove` changed runs, into another
 * reload at every read. A position also carries the prune count its snapshot saw
 * (`snapshot/prunes`): a copy reloads for a prune it has not seen that dropped entries at or past
 * its xmin (the newest pruned transaction id is noted, not each one).
 */
export function pgFactsSource(pool: Pool): FactsSource {
  const inSnapshot = <T>(fn: (c: PoolClient) => Promise<T>) => pgReadOnly(pool, fn);
  const rows = async (c: PoolClient, text: string, values: unknown[]) =>
    (await c.query({ text: toPgPlaceholders(text), values, rowMode: "array" })).rows as RawRows;
  /** The snapshot `c` reads in, the prune count and the newest pruned transaction id it sees. */
  const here = async (c: PoolClient) => {
    const r = await c.query<{ s: string; n: string | null; x: string | null }>(
      "SELECT pg_current_snapshot()::text AS s, p.prunes::text AS n, p.xid::text AS x FROM (SELECT 1) one LEFT JOIN facts_log_pruned p ON TRUE",
    );
    const { s, n, x } = r.rows[0];
    return { position: { snapshot: s, prunes: n ?? "0" }, pruned: x ?? "0" };
  };
  const range = (col: string) => `${col} > ? AND ${col} <= ?`;
  const anyOf = (col: string) => `${col} = ANY(?)`;
  return {
    engine: "postgres",
    position: () => inSnapshot(async (c) => formatPosition((await here(c)).position)),
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
    delta: (fromText, reloadAbove) =>
      inSnapshot(async (c) => {
        const from = parsePosition(fromText);
        const now = await here(c);
        const to = formatPosition(now.position);
        if (now.position.prunes !== from.prunes && BigInt(now.pruned) >= BigInt(xminOf(from))) return "reload" as const;
        const ids = (
          await c.query<{ id: string }>(
            "SELECT DISTINCT run_id AS id FROM facts_log WHERE xid >= $1::xid8 AND NOT pg_visible_in_snapshot(xid, $2::pg_snapshot)",
            [xminOf(from), from.snapshot],
          )
        ).rows.map((r) => r.id);
        if (!ids.length) return to === fromText ? null : { to, ids, tables: COPIED.map(() => []) };
        if (ids.includes(RESET) || ids.length > reloadAbove) return "reload" as const;
        const tables: RawRows[] = [];
        for (const t of COPIED) tables.push(await rows(c, t.select(anyOf), [ids]));
        return { to, ids, tables };
      }),
    runs: async () => (await pool.query<{ n: number }>("SELECT COUNT(*)::int AS n FROM run_facts")).rows[0].n,
    usable: () => true,
  };
}
