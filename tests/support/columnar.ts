/**
 * The columnar mirror (src/server/columnar, ADR 12) against the SQLite tables it copies: the same
 * rows, read through the mirror's own runner (so the check also proves the mirror is serving, not
 * SQLite in its place), booleans and integers normalised to SQLite's 0/1 and numbers.
 */
import { expect } from "vitest";
import { z } from "zod";
import type { Ctx } from "@/server/context";
import { MIRRORED } from "@/server/columnar/tables";

const Row = z.record(z.string(), z.unknown());
const ORDER: Record<string, string> = { run_facts: "id", turn_facts: "run_id, idx", turns: "run_id, idx" };
const norm = (rows: Record<string, unknown>[]) =>
  rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === "boolean" ? Number(v) : v])));

/** Each mirrored table as SQLite holds it (turns: those of runs in run_facts), ordered by run. */
export function sqliteTables(ctx: Ctx): Record<string, Record<string, unknown>[]> {
  const db = ctx.db.$client;
  return Object.fromEntries(
    MIRRORED.map((t) => {
      const order = ORDER[t.name]
        .split(", ")
        .map((c) => `"${c}"`)
        .join(", ");
      const rows = db.prepare(`SELECT * FROM (${t.select(() => "1")}) ORDER BY ${order}`).all();
      return [t.name, norm(rows as Record<string, unknown>[])];
    }),
  );
}

/** Each mirrored table as the mirror holds it, through `ctx.store.facts()`; fails when SQLite answered instead. */
export async function mirrorTables(ctx: Ctx): Promise<Record<string, Record<string, unknown>[]>> {
  const sql = await ctx.store.facts();
  expect(sql.dialect, "the analytics were answered by SQLite, not by the columnar mirror").toBe("duckdb");
  const out: Record<string, Record<string, unknown>[]> = {};
  for (const t of MIRRORED)
    out[t.name] = norm(await sql.all(Row, `SELECT * FROM "${t.name}" ORDER BY ${ORDER[t.name]}`));
  return out;
}

export async function expectMirrorInSync(ctx: Ctx) {
  expect(await mirrorTables(ctx)).toEqual(sqliteTables(ctx));
}

/** The mirror's status on a SQLite context (null when the store has none). */
export function mirrorStatus(ctx: Ctx) {
  const store = ctx.store as { columnar?: { status(): { fallbacks: number; reloads: number; state: string } | null } };
  return store.columnar?.status() ?? null;
}
