/**
 * The columnar copy (src/server/store/columnar, ADR 12) against the tables it copies, on either engine:
 * the same rows, read through the copy's own runner (so the check also proves the copy is serving,
 * not the database in its place), booleans as 0/1, rows sorted by run id and turn index in code
 * (the engines' text orders differ: PostgreSQL's database collation, DuckDB's and SQLite's bytes).
 */
import { expect } from "vitest";
import { z } from "zod";
import type { Ctx } from "@/server/context";
import type { SqlRunner } from "@/server/store/sql";
import { columnarOf } from "@/server/store/columnar";
import { MIRRORED } from "@/server/store/columnar/tables";

const Row = z.record(z.string(), z.unknown());
type Rows = Record<string, unknown>[];
const KEYS: Record<string, string[]> = {
  run_facts: ["id"],
  turn_facts: ["run_id", "idx"],
  turns: ["run_id", "idx"],
  run_progress: ["run_id"],
  run_calls: ["run_id", "k"],
};

function normalised(table: string, rows: Rows): Rows {
  const out = rows.map((r) =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === "boolean" ? Number(v) : v])),
  );
  const keys = KEYS[table];
  return out.sort((a, b) => {
    for (const k of keys) {
      const x = a[k] as string | number;
      const y = b[k] as string | number;
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  });
}

/**
 * Each mirrored table as the database holds it (turns: those of runs in run_facts), with what the
 * copy adds, computed here from the database's rows: run_facts' `started_ms` (the start time as
 * `Date.parse` reads it), run_progress's `reached` (its largest milestone count), and run_calls
 * (a row per call: its milestones and whether its ok flag is false).
 */
export async function databaseTables(ctx: Ctx): Promise<Record<string, Rows>> {
  const out: Record<string, Rows> = {};
  for (const t of MIRRORED) {
    if (!t.select) continue;
    const rows = await ctx.store.sql.all(
      Row,
      t.select(() => "TRUE"),
    );
    out[t.name] = normalised(
      t.name,
      t.name === "run_facts"
        ? rows.map((r) => ({ ...r, started_ms: Date.parse(String(r.started_at)) }))
        : t.name === "run_progress"
          ? rows.map((r) => ({ ...r, reached: Math.max(0, ...(JSON.parse(String(r.progress)) as number[])) }))
          : rows,
    );
  }
  out.run_calls = normalised(
    "run_calls",
    out.run_progress.flatMap((r) => {
      const ok = r.call_ok === null ? null : (JSON.parse(String(r.call_ok)) as boolean[]);
      return (JSON.parse(String(r.progress)) as number[]).map((m, i) => ({
        run_id: r.run_id,
        k: i + 1,
        m,
        failed: Number(ok?.[i] === false),
      }));
    }),
  );
  return out;
}

/** Each mirrored table as the copy behind `sql` holds it; fails when the database answered instead. */
export async function copyTables(sql: SqlRunner): Promise<Record<string, Rows>> {
  expect(sql.dialect, "the analytics were answered by the database, not by the columnar copy").toBe("duckdb");
  const out: Record<string, Rows> = {};
  for (const t of MIRRORED) out[t.name] = normalised(t.name, await sql.all(Row, `SELECT * FROM "${t.name}"`));
  return out;
}

/** The store's copy equals the database, after catching up with every commit so far. */
export async function expectMirrorInSync(ctx: Ctx, sql?: SqlRunner) {
  expect(await copyTables(sql ?? (await ctx.store.facts()))).toEqual(await databaseTables(ctx));
}

/** The copy's status on a context (null when the store has none). */
export function mirrorStatus(ctx: Ctx) {
  return columnarOf(ctx.store)?.status() ?? null;
}
