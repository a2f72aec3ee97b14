/**
 * The two engines' schemas (db/schema for SQLite, db/schema-pg for PostgreSQL) must describe the
 * same database: the same tables, the same columns with the same nullability, primary keys,
 * defaults' presence and kinds of value, and the same indexes on the same columns. And the
 * committed migrations of each must be up to date: `drizzle-kit generate` finds nothing to add.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { getTableConfig as pgConfig, PgTable } from "drizzle-orm/pg-core";
import { getTableConfig as sqliteConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as pg from "@db/schema-pg";
import * as lite from "@db/schema";

const root = path.resolve(__dirname, "..", "..", "..");

/** What a column holds, engine-neutral: ms timestamps are integers on SQLite and bigint on PostgreSQL. */
function kind(sqlType: string, dataType: string): string {
  if (dataType === "boolean") return "boolean";
  if (/^(integer|bigint|serial)/i.test(sqlType)) return "integer";
  if (/^(real|double)/i.test(sqlType)) return "real";
  if (/^text/i.test(sqlType)) return "text";
  return sqlType;
}

type Shape = {
  columns: Record<string, string>;
  primaryKey: string[];
  indexes: Record<string, string>;
  foreignKeys: string[];
};

function sqliteShape(t: SQLiteTable): Shape {
  const c = sqliteConfig(t);
  return {
    columns: Object.fromEntries(
      c.columns.map((col) => [
        col.name,
        `${kind(col.getSQLType(), col.dataType)}${col.notNull ? " not null" : ""}${col.hasDefault ? " default" : ""}`,
      ]),
    ),
    primaryKey: [
      ...c.columns.filter((col) => col.primary).map((col) => col.name),
      ...c.primaryKeys.flatMap((k) => k.columns.map((col) => col.name)),
    ],
    indexes: Object.fromEntries(
      c.indexes.map((i) => [
        i.config.name,
        `${i.config.unique ? "unique " : ""}(${i.config.columns.map((col) => (col as { name: string }).name).join(", ")})${i.config.where ? " partial" : ""}`,
      ]),
    ),
    foreignKeys: c.foreignKeys
      .map((f) => {
        const r = f.reference();
        return `${r.columns.map((x) => x.name).join(",")} → ${sqliteConfig(r.foreignTable).name}`;
      })
      .sort(),
  };
}

function pgShape(t: PgTable): Shape {
  const c = pgConfig(t);
  return {
    // An identity column is filled by the database, as SQLite's autoincrement rowid is (a default there).
    columns: Object.fromEntries(
      c.columns.map((col) => [
        col.name,
        `${kind(col.getSQLType(), col.dataType)}${col.notNull ? " not null" : ""}${col.hasDefault || col.generatedIdentity ? " default" : ""}`,
      ]),
    ),
    primaryKey: [
      ...c.columns.filter((col) => col.primary).map((col) => col.name),
      ...c.primaryKeys.flatMap((k) => k.columns.map((col) => col.name)),
    ],
    indexes: Object.fromEntries(
      c.indexes.map((i) => [
        i.config.name,
        `${i.config.unique ? "unique " : ""}(${i.config.columns.map((col) => (col as { name: string }).name).join(", ")})${i.config.where ? " partial" : ""}`,
      ]),
    ),
    foreignKeys: c.foreignKeys
      .map((f) => {
        const r = f.reference();
        return `${r.columns.map((x) => x.name).join(",")} → ${pgConfig(r.foreignTable).name}`;
      })
      .sort(),
  };
}

const liteTables: SQLiteTable[] = (Object.values(lite) as unknown[]).filter(
  (t): t is SQLiteTable => t instanceof SQLiteTable,
);
const pgTables: PgTable[] = (Object.values(pg) as unknown[]).filter((t): t is PgTable => t instanceof PgTable);

describe("the SQLite and PostgreSQL schemas", () => {
  it("have the same tables", () => {
    expect(pgTables.map((t) => pgConfig(t).name).sort()).toEqual(liteTables.map((t) => sqliteConfig(t).name).sort());
    expect(liteTables.length).toBeGreaterThanOrEqual(11);
  });

  for (const t of liteTables) {
    const name = sqliteConfig(t).name;
    it(`agree on ${name}: columns, keys, indexes`, () => {
      const twin = pgTables.find((p) => pgConfig(p).name === name);
      expect(twin, `db/schema-pg has no table ${name}`).toBeDefined();
      expect(pgShape(twin!)).toEqual(sqliteShape(t));
    });
  }

  it("stores millisecond timestamps as bigint on PostgreSQL", () => {
    const at = pgTables.flatMap((t) =>
      pgConfig(t)
        .columns.filter((c) => /_at$/.test(c.name) && c.name !== "started_at")
        .map((c) => `${pgConfig(t).name}.${c.name} ${c.getSQLType()}`),
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
