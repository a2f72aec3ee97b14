/**
 * Both engines' drizzle tables are renderings of one definition (db/tables, rendered by
 * db/tables/render.ts), so they differ only where render.ts makes them differ. This checks it makes
 * them differ only in how values are stored: on both engines every table of the definition has the
 * same columns with the same nullability, primary keys, defaults' presence and kinds of value, and
 * the same indexes and foreign keys. And the committed migrations of each are up to date:
 * `drizzle-kit generate` finds nothing to add, so the renderings are what the migrations built.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { getTableName, is } from "drizzle-orm";
import { getTableConfig as pgConfig, PgTable } from "drizzle-orm/pg-core";
import { getTableConfig as sqliteConfig, type SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, expectTypeOf, it } from "vitest";
import * as pg from "@db/schema-pg";
import * as lite from "@db/schema";
import * as tables from "@db/tables";
import { META, PrimaryKey, type Engine, type Table } from "@db/tables/vocabulary";
import { TURN_FACT_FILTERS } from "@db/runFactsIndexes";

const root = path.resolve(__dirname, "..", "..", "..");

/** What a column holds, engine-neutral: ms timestamps are integers on SQLite and bigint on PostgreSQL. */
function kind(sqlType: string, dataType: string): string {
  if (dataType === "boolean") return "boolean";
  if (/^(integer|bigint|serial)/i.test(sqlType)) return "integer";
  if (/^(real|double)/i.test(sqlType)) return "real";
  if (/^text/i.test(sqlType)) return "text";
  return sqlType;
}

function shape(t: SQLiteTable | PgTable) {
  const c = is(t, PgTable) ? pgConfig(t) : sqliteConfig(t);
  const names = (cols: { name: string }[]) => cols.map((col) => col.name).join(", ");
  return {
    name: c.name,
    // An identity column is filled by the database, as SQLite's autoincrement rowid is (a default there).
    columns: c.columns.map(
      (col) =>
        `${col.name} ${kind(col.getSQLType(), col.dataType)}${col.notNull ? " not null" : ""}${col.hasDefault || col.generatedIdentity ? " default" : ""}${col.primary ? " primary key" : ""}`,
    ),
    primaryKeys: c.primaryKeys.map((k) => names(k.columns)),
    indexes: c.indexes.map(
      (i) =>
        `${i.config.unique ? "unique " : ""}${i.config.name} (${names(i.config.columns as { name: string }[])})${i.config.where ? " partial" : ""}`,
    ),
    foreignKeys: c.foreignKeys.map((f) => {
      const r = f.reference();
      return `${names(r.columns)} → ${getTableName(r.foreignTable)} (${names(r.foreignColumns)})`;
    }),
  };
}

/** The keys and indexes a table of the definition gives one engine only, spelled as `shape` spells them. */
interface EngineOnly {
  engine: Engine;
  key: string | undefined;
  index: string | undefined;
}

function engineOnly(t: Table): EngineOnly[] {
  const names = (cols: { name: string }[]) => cols.map((c) => c.name).join(", ");
  const meta = t[META];
  return meta.extras(meta.columns).flatMap((e): EngineOnly[] =>
    e.engine === undefined
      ? []
      : e instanceof PrimaryKey
        ? [{ engine: e.engine, key: names(e.columns), index: undefined }]
        : [
            {
              engine: e.engine,
              key: undefined,
              index: `${e.unique ? "unique " : ""}${e.name} (${names(e.columns)})${e.flag ? " partial" : ""}`,
            },
          ],
  );
}

describe("the SQLite and PostgreSQL renderings of db/tables", () => {
  it("export every table of the definition, under its name, and nothing else", () => {
    const keys = Object.keys(tables).sort();
    expect(keys.length).toBeGreaterThanOrEqual(16);
    expect(Object.keys(lite).sort()).toEqual(keys);
    expect(Object.keys(pg).sort()).toEqual(keys);
  });

  for (const key of Object.keys(tables) as (keyof typeof tables)[]) {
    it(`agree on ${key}: columns, keys, indexes, but for the keys and indexes it gives one engine`, () => {
      const own = engineOnly(tables[key]);
      const common = (s: ReturnType<typeof shape>, engine: Engine) => ({
        ...s,
        primaryKeys: s.primaryKeys.filter((k) => !own.some((o) => o.engine === engine && o.key === k)),
        indexes: s.indexes.filter((i) => !own.some((o) => o.engine === engine && o.index === i)),
      });
      // Each engine has its own and not the other's.
      for (const [engine, s] of [
        ["postgres", shape(pg[key])],
        ["sqlite", shape(lite[key])],
      ] as const)
        for (const o of own) {
          const has = o.key !== undefined ? s.primaryKeys.includes(o.key) : s.indexes.includes(o.index!);
          expect(has, `${key}: ${o.key ?? o.index} on ${engine}`).toBe(o.engine === engine);
        }
      expect(common(shape(pg[key]), "postgres")).toEqual(common(shape(lite[key]), "sqlite"));
    });
  }

  it("give turns and turn_facts their own SQLite layout, and no other table (ADR 21)", () => {
    const flagged = Object.entries(tables).filter(([, t]) => t[META].withoutRowid);
    expect(flagged.map(([k]) => k).sort()).toEqual(["turnFacts", "turns"]);
    expect(engineOnly(tables.turnFacts).map((o) => `${o.engine}: ${o.key ?? o.index}`)).toEqual([
      "postgres: run_id, idx",
      `postgres: turn_facts_median (config_id, turn_ms, ${TURN_FACT_FILTERS.map((c) => tables.turnFacts[c].name).join(", ")})`,
      "sqlite: config_id, turn_ms, run_id, idx",
      "sqlite: unique turn_facts_run (run_id, idx)",
    ]);
  });

  // render.ts states each rendered column's type apart from the calls that build it: tsc checks
  // here that the two agree on what callers see (drizzle-kit sees only the calls).
  it("give callers drizzle's row types: kinds, nullability, and defaults and ids optional on insert", () => {
    type Row = { id: number; current: boolean; createdAt: number; medianTurnMs: number | null; callOk: string | null };
    type New = { id?: number; runId: string; current: boolean };
    type Keys<T, U> = Pick<T, Extract<keyof T, keyof U>>;
    expectTypeOf<Keys<typeof lite.scores.$inferSelect, Row>>().toEqualTypeOf<Row>();
    expectTypeOf<Keys<typeof pg.scores.$inferSelect, Row>>().toEqualTypeOf<Row>();
    expectTypeOf<Keys<typeof lite.scores.$inferInsert, New>>().toEqualTypeOf<New>();
    expectTypeOf<Keys<typeof pg.scores.$inferInsert, New>>().toEqualTypeOf<New>();
    type Run = { id: string; heldOut?: boolean; charging?: boolean | null; receivedAt: number };
    expectTypeOf<Keys<typeof lite.runs.$inferInsert, Run>>().toEqualTypeOf<Run>();
    expectTypeOf<Keys<typeof pg.runs.$inferInsert, Run>>().toEqualTypeOf<Run>();
  });

  it("store millisecond timestamps as bigint on PostgreSQL", () => {
    const at = Object.values(pg).flatMap((t) =>
      pgConfig(t)
        .columns.filter((c) => /_at$/.test(c.name) && c.name !== "started_at")
        .map((c) => `${getTableName(t)}.${c.name} ${c.getSQLType()}`),
    );
    expect(at.length).toBeGreaterThan(8);
    for (const c of at) expect(c).toMatch(/ bigint$/);
  });
});

describe("committed migrations", () => {
  for (const [dialect, schema, folder] of [
    ["sqlite", "./db/schema/index.ts", "db/migrations"],
    ["postgresql", "./db/schema-pg/index.ts", "db/migrations-pg"],
  ] as const) {
    it(`are up to date for ${dialect}: drizzle-kit generate finds nothing new`, () => {
      const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "hl-migrations-"));
      try {
        fs.cpSync(path.join(root, folder), tmp, { recursive: true });
        const before = fs.readdirSync(tmp).sort();
        // drizzle-kit prefixes its --out with "./": give it a path relative to the project.
        const out = spawnSync(
          path.join(root, "node_modules", ".bin", "drizzle-kit"),
          ["generate", "--dialect", dialect, "--schema", schema, "--out", path.relative(root, tmp)],
          { cwd: root, encoding: "utf8" },
        );
        expect(out.status, out.stderr).toBe(0);
        expect(
          fs.readdirSync(tmp).sort(),
          `${folder} is behind its schema: run npx drizzle-kit generate${dialect === "postgresql" ? " --config drizzle.pg.config.ts" : ""}`,
        ).toEqual(before);
        expect(out.stdout).toMatch(/No schema changes/);
      } finally {
        fs.rmSync(tmp, { recursive: true, force: true });
      }
    }, 60_000);
  }
});
