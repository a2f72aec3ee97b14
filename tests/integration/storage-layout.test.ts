/**
 * ADR 21: how SQLite stores the rows. A new database gets 16 KiB pages; `turns` and `turn_facts` are
 * kept without rowids, `turn_facts` in the median walk's order (config, turn time, run, index) with
 * no covering index beside it. A database of the version before (4 KiB pages, both tables rowid
 * tables, `turn_facts_median`) is moved to that layout by the migration when the dashboard opens
 * it, without losing or changing a row, its summaries kept by their triggers as before; and
 * `npm run compact` moves its pages to 16 KiB. SQLite only: PostgreSQL keeps its heap and indexes.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AnalyticsFilter } from "@/domain/analytics/filter";
import { configAnalytics } from "@/server/analytics/configs";
import { createContext } from "@/server/context";
import { exportTable } from "@/server/export/exportRuns";
import { PAGE_SIZE } from "@db/client";
import { TURN_FACTS_COLUMNS, turnFactsSelect } from "@db/runFacts";
import * as tables from "@db/tables";
import { META } from "@db/tables/vocabulary";
import { installTraceCodec } from "@db/traceCodec.mjs";
import { seedDatabase } from "../../scripts/lib/seedDb";

const root = path.resolve(__dirname, "..", "..");
let dir: string;
let file: string;

const NAMES = Object.values(tables).map((t) => t[META].name as string);
const FILTER = AnalyticsFilter.parse({ includeTrial: true, includeSuperseded: true });

async function text(chunks: AsyncGenerator<string>) {
  let s = "";
  for await (const c of chunks) s += c;
  return s;
}

function open(f: string) {
  const db = new Database(f);
  installTraceCodec(db);
  return db;
}

const layout = (db: Database.Database) => ({
  pageSize: db.pragma("page_size", { simple: true }),
  // Of the definition's tables (the search index's FTS5 tables have their own).
  withoutRowid: (
    db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE '%WITHOUT ROWID'")
      .pluck()
      .all() as string[]
  )
    .filter((n) => NAMES.includes(n))
    .sort(),
  turnFactsIndexes: (
    db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'turn_facts'")
      .pluck()
      .all() as string[]
  ).sort(),
});

const turnRows = (db: Database.Database) => db.prepare("SELECT * FROM turns ORDER BY run_id, idx").all();
const turnFactRows = (db: Database.Database) => db.prepare("SELECT * FROM turn_facts ORDER BY run_id, idx").all();

/** What the version before this layout built (migrations 0000–0020), on a copy of the rows, in 4 KiB pages. */
function asTheVersionBefore(f: string) {
  const db = open(f);
  try {
    db.pragma("foreign_keys = OFF");
    db.pragma("legacy_alter_table = ON");
    db.transaction(() => {
      const cols = (t: string) =>
        (db.prepare(`PRAGMA table_info(${t})`).all() as { name: string }[]).map((c) => c.name);
      for (const [t, key] of [
        ["turns", "run_id, idx"],
        ["turn_facts", "run_id, idx"],
      ]) {
        const sql = db.prepare("SELECT sql FROM sqlite_master WHERE name = ?").pluck().get(t) as string;
        const rowid = sql
          .replace(/\) WITHOUT ROWID\s*$/, ")")
          .replace(/PRIMARY KEY\([^)]*\)/, `PRIMARY KEY(${key})`)
          .replace(new RegExp(`^CREATE TABLE [\`"]?${t}[\`"]?`), `CREATE TABLE old_${t}`);
        db.exec(rowid);
        db.exec(`INSERT INTO old_${t} (${cols(t).join(", ")}) SELECT ${cols(t).join(", ")} FROM ${t}`);
        db.exec(`DROP TABLE ${t}`);
        db.exec(`ALTER TABLE old_${t} RENAME TO ${t}`);
      }
      db.exec(
        `CREATE INDEX turn_facts_median ON turn_facts (${tables.turnFacts[META].extras(tables.turnFacts)
          .find((e) => "name" in e && e.name === "turn_facts_median")!
          .columns.map((c) => c.name)
          .join(", ")})`,
      );
      // The migration is not applied yet: drizzle runs what is newer than the last one recorded.
      db.exec("DELETE FROM __drizzle_migrations WHERE created_at = (SELECT MAX(created_at) FROM __drizzle_migrations)");
    })();
    db.pragma("legacy_alter_table = OFF");
    db.pragma("journal_mode = DELETE");
    db.pragma("page_size = 4096");
    db.exec("VACUUM");
    db.pragma("journal_mode = WAL");
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "harness-lab-layout-"));
  file = path.join(dir, "lab.db");
  const seeded = await seedDatabase(file, { runs: 240, seed: 7, variants: 1, repeats: 1 });
  await seeded.ctx.store.close();
}, 120_000);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("SQLite's layout (ADR 21)", () => {
  it("a new database: 16 KiB pages, and the tables the definition marks are stored without rowids", () => {
    const db = open(file);
    try {
      const marked = Object.values(tables)
        .filter((t) => t[META].withoutRowid)
        .map((t) => t[META].name)
        .sort();
      expect(marked).toEqual(["turn_facts", "turns"]);
      expect(layout(db)).toEqual({ pageSize: PAGE_SIZE, withoutRowid: marked, turnFactsIndexes: ["turn_facts_run"] });
      // The median walk reads the table itself, in its key order: no sort, no other index.
      const plan = db
        .prepare(
          "EXPLAIN QUERY PLAN SELECT config_id, turn_ms, COUNT(*) FROM turn_facts WHERE trial = 0 GROUP BY config_id, turn_ms ORDER BY config_id, turn_ms",
        )
        .all() as { detail: string }[];
      expect(plan.map((p) => p.detail).join(" | ")).toMatch(/^SCAN turn_facts$/);
    } finally {
      db.close();
    }
  });

  it("a database of the version before is moved to it on open, every row and figure as it was", async () => {
    const old = path.join(dir, "old.db");
    fs.copyFileSync(file, old);
    asTheVersionBefore(old);
    const db = open(old);
    const before = { turns: turnRows(db), turnFacts: turnFactRows(db), layout: layout(db) };
    db.close();
    expect(before.layout).toEqual({ pageSize: 4096, withoutRowid: [], turnFactsIndexes: expect.any(Array) });
    expect(before.layout.turnFactsIndexes).toContain("turn_facts_median");
    expect(before.turns.length).toBeGreaterThan(240);

    const reference = createContext(file);
    const expected = {
      turnsCsv: await text(exportTable(reference, FILTER, "turns")),
      configs: await configAnalytics(reference, FILTER),
    };
    await reference.store.close();

    const ctx = createContext(old);
    try {
      expect(await text(exportTable(ctx, FILTER, "turns"))).toBe(expected.turnsCsv);
      expect(await configAnalytics(ctx, FILTER)).toEqual(expected.configs);
    } finally {
      await ctx.store.close();
    }
    const after = open(old);
    try {
      expect(layout(after)).toEqual({
        pageSize: 4096,
        withoutRowid: ["turn_facts", "turns"],
        turnFactsIndexes: ["turn_facts_run"],
      });
      expect(turnRows(after)).toEqual(before.turns);
      expect(turnFactRows(after)).toEqual(before.turnFacts);
      // The triggers the DROP took with `turns` are back: a session marked trial reaches its turns' facts.
      const triggers = after
        .prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'turns'")
        .pluck()
        .all();
      expect(triggers.sort()).toEqual(["run_facts_turn_fact", "run_facts_turn_in"]);
      const session = after.prepare("SELECT session_id FROM turn_facts LIMIT 1").pluck().get() as string;
      after.prepare("UPDATE sessions SET trial = 1 WHERE id = ?").run(session);
      const stale = after
        .prepare(
          `SELECT COUNT(*) FROM (SELECT ${TURN_FACTS_COLUMNS} FROM (${turnFactsSelect("run_facts")}) EXCEPT SELECT ${TURN_FACTS_COLUMNS} FROM turn_facts)`,
        )
        .pluck()
        .get();
      expect(stale).toBe(0);
      expect(
        after.prepare("SELECT COUNT(*) FROM turn_facts WHERE session_id = ? AND trial = 0").pluck().get(session),
      ).toBe(0);
      expect(after.pragma("integrity_check", { simple: true })).toBe("ok");
    } finally {
      after.close();
    }

    // npm run compact moves the file's pages to 16 KiB, and nothing else.
    const out = spawnSync(
      process.execPath,
      [
        path.join(root, "node_modules", "tsx", "dist", "cli.mjs"),
        "--conditions=react-server",
        "scripts/compact.ts",
        "--db",
        old,
      ],
      {
        cwd: root,
        encoding: "utf8",
      },
    );
    expect(out.status, out.stderr).toBe(0);
    expect(out.stdout).toContain("moving from 4 KiB pages to 16 KiB");
    const compacted = open(old);
    try {
      expect(layout(compacted)).toEqual({
        pageSize: PAGE_SIZE,
        withoutRowid: ["turn_facts", "turns"],
        turnFactsIndexes: ["turn_facts_run"],
      });
      expect(compacted.pragma("journal_mode", { simple: true })).toBe("wal");
      expect(turnRows(compacted).length).toBe(before.turns.length);
      expect(compacted.pragma("integrity_check", { simple: true })).toBe("ok");
    } finally {
      compacted.close();
    }
  }, 120_000);
});
