/**
 * Issue 33.2: the summaries' maintenance is one definition (db/facts/definition.ts) rendered per
 * engine. Both renderings cover the same columns, the schema's, and the same rules; PostgreSQL's
 * follows its tables' column order and refuses a column nothing computes; and db/facts/plan.ts
 * decides when an open installs and when it recomputes.
 */
import { getTableConfig as pgConfig } from "drizzle-orm/pg-core";
import { getTableConfig as sqliteConfig } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as pgSchema from "@db/schema-pg";
import * as sqliteSchema from "@db/schema";
import { RULES, RUN_FACTS, TURN_FACTS } from "@db/facts/definition";
import { renderPg, type Shape } from "@db/facts/postgres";
import { FIRST_FINGERPRINT, installPlan } from "@db/facts/plan";
import { SQLITE_TRIGGERS } from "@db/facts/sqlite";
import { RUN_FACTS_COLUMNS, TURN_FACTS_COLUMNS } from "@db/runFacts";

const names = (cols: { name: string }[]) => cols.map((c) => c.name);
const pgShape = (t: Parameters<typeof pgConfig>[0]): Shape =>
  pgConfig(t).columns.map((c) => ({ name: c.name, type: c.getSQLType() }));
const pgTables = { run_facts: pgShape(pgSchema.runFacts), turn_facts: pgShape(pgSchema.turnFacts) };
/** The column list of each `INSERT INTO <table> (…)` in a text. */
const insertLists = (sql: string, table: string) =>
  [...sql.matchAll(new RegExp(`INSERT (?:OR REPLACE )?INTO ${table} \\(([^)]*)\\)`, "g"))].map((m) =>
    m[1].split(",").map((c) => c.trim()),
  );

describe("the facts definition", () => {
  it("computes every column of the schema's run_facts and turn_facts, in the schema's order", () => {
    expect(names(RUN_FACTS)).toEqual(names(sqliteConfig(sqliteSchema.runFacts).columns));
    expect(names(RUN_FACTS)).toEqual(names(pgConfig(pgSchema.runFacts).columns));
    expect(names(TURN_FACTS)).toEqual(names(sqliteConfig(sqliteSchema.turnFacts).columns));
    expect(names(TURN_FACTS)).toEqual(names(pgConfig(pgSchema.turnFacts).columns));
  });

  it("is what both engines render: the same columns written, the same rules", () => {
    const pg = renderPg(pgTables);
    const pgText = pg.functions.map((f) => f.body).join("\n");
    const sqliteText = SQLITE_TRIGGERS.map((t) => t.sql).join("\n");
    expect(RUN_FACTS_COLUMNS.split(", ")).toEqual(names(RUN_FACTS));
    expect(TURN_FACTS_COLUMNS.split(", ")).toEqual(names(TURN_FACTS));
    for (const [table, cols] of [
      ["run_facts", names(RUN_FACTS)],
      ["turn_facts", names(TURN_FACTS)],
    ] as const) {
      const [lite, pg] = [insertLists(sqliteText, table), insertLists(pgText, table)];
      expect([lite.length, pg.length], table).toEqual(table === "run_facts" ? [2, 1] : [2, 2]);
      for (const l of [...lite, ...pg]) expect(l, table).toEqual(cols);
    }
    expect(SQLITE_TRIGGERS.map((t) => t.name)).toEqual(RULES.map((r) => r.name));
    expect(pg.triggers.map((t) => t.name)).toEqual(RULES.map((r) => r.name));
    // Each rule's trigger fires on the same table and event on both.
    for (const r of RULES) {
      expect(SQLITE_TRIGGERS.find((t) => t.name === r.name)!.sql).toContain(`AFTER ${r.event} ON ${r.on}`);
      expect(pg.triggers.find((t) => t.name === r.name)!.sql).toContain(`AFTER ${r.event} ON ${r.on} FOR EACH ROW`);
    }
  });

  it("spells each engine's differences in its own rendering only", () => {
    const pg = renderPg(pgTables);
    const pgText = [...pg.functions.map((f) => f.body), ...pg.triggers.map((t) => t.sql)].join("\n");
    const sqliteText = SQLITE_TRIGGERS.map((t) => t.sql).join("\n");
    for (const s of ["json_extract", "json_type", "INSERT OR REPLACE", "current = 1"]) {
      expect(sqliteText).toContain(s);
      expect(pgText).not.toContain(s);
    }
    for (const s of ["jsonb", "::bigint", "IS DISTINCT FROM", "facts_log_off", "facts_log_pruned"]) {
      expect(pgText).toContain(s);
      expect(sqliteText).not.toContain(s);
    }
  });

  it("renders PostgreSQL's recomputation in the table's column order, and refuses a column it does not compute", () => {
    // A column a migration added lands last in the table, wherever the definition lists it.
    const moved = [
      ...pgTables.run_facts.filter((c) => c.name !== "battery"),
      { name: "battery", type: "double precision" },
    ];
    const computed = renderPg({ ...pgTables, run_facts: moved }).functions[0].body;
    expect(computed.trimEnd().split("\n").at(-5)).toMatch(/ AS battery$/);
    expect(() =>
      renderPg({ ...pgTables, run_facts: [...pgTables.run_facts, { name: "new_measure", type: "integer" }] }),
    ).toThrow(/run_facts and the facts definition .* disagree: no definition for new_measure/);
    expect(() => renderPg({ ...pgTables, turn_facts: pgTables.turn_facts.slice(1) })).toThrow(/no column run_id/);
  });
});

describe("the install plan", () => {
  const want = { hash: "b", triggers: ["x", "y"], engine: "postgres" } as const;
  it("does nothing when the fingerprint, the triggers and the functions are the rendered ones", () => {
    expect(installPlan({ hash: "b", triggers: ["y", "x"], functions: true }, want)).toEqual({
      install: false,
      rebuild: false,
    });
  });
  it("installs without recomputing when only objects are missing or differ", () => {
    for (const found of [
      { hash: "b", triggers: ["x"], functions: true },
      { hash: "b", triggers: ["x", "y", "old"], functions: true },
      { hash: "b", triggers: ["x", "y"], functions: false },
    ])
      expect(installPlan(found, want)).toEqual({ install: true, rebuild: false });
  });
  it("installs and recomputes every row when the rows are another definition's", () => {
    expect(installPlan({ hash: "a", triggers: ["x", "y"], functions: true }, want)).toEqual({
      install: true,
      rebuild: true,
    });
  });
  it("takes a database without a fingerprint to hold the rows of the definition of issue 33.2", () => {
    const found = { hash: null, triggers: ["x", "y", "run_facts_on_score"], functions: false };
    expect(installPlan(found, want)).toEqual({ install: true, rebuild: true });
    for (const engine of ["sqlite", "postgres"] as const)
      expect(installPlan(found, { ...want, engine, hash: FIRST_FINGERPRINT[engine] })).toEqual({
        install: true,
        rebuild: false,
      });
  });
  it("replaces the triggers of an equivalent earlier rendering without recomputing, and only for its successor", () => {
    const earlier = { hash: "c8c5a034d7f9693e90d033d29ff4b150", triggers: ["x", "y"], functions: true };
    // The rendering that read trace bodies through trace_utf8 (issue 35.5).
    const sqliteNow = { ...want, engine: "sqlite", hash: "4794443a3d2e95cbc9eef1780f24717e" } as const;
    expect(installPlan(earlier, sqliteNow)).toEqual({ install: true, rebuild: false });
    expect(installPlan(earlier, { ...sqliteNow, hash: "later" })).toEqual({ install: true, rebuild: true });
  });
});
