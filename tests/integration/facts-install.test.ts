/**
 * Issue 33.2 on SQLite: the triggers an open installs (db/runFacts.ts) are the rendering of
 * db/facts/definition.ts, replaced only when they are not current, and a changed definition
 * recomputes every row (db/facts/plan.ts), as PostgreSQL's boot does
 * (tests/integration/postgres/facts-install.test.ts).
 */
import type Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { installRunFacts } from "@db/runFacts";
import { FIRST_FINGERPRINT } from "@db/facts/plan";
import { SQLITE_FINGERPRINT, SQLITE_TRIGGERS } from "@db/facts/sqlite";
import { sqliteDatabase } from "@/server/store/sqlite";
import { seedLab } from "../support/analytics-engines";
import { makeStore, type QueueHarness } from "../support/queue-engines";

let h: QueueHarness;
let db: Database.Database;
beforeEach(async () => {
  h = await makeStore("sqlite");
  await seedLab(h);
  db = sqliteDatabase(h.ctx.store);
});
afterEach(() => h.close());

const triggers = () =>
  // The summaries' own: the search index's trigger (db/migrations/0016_runs-search.sql) is a migration's.
  db
    .prepare(
      "SELECT rowid, name, sql FROM sqlite_master WHERE type = 'trigger' AND name <> 'runs_search_trace' ORDER BY name",
    )
    .all() as {
    rowid: number;
    name: string;
    sql: string;
  }[];
const fingerprint = () => db.prepare("SELECT hash FROM facts_definition").pluck().get() as string;
const turnRows = () => db.prepare("SELECT SUM(turn_rows) FROM run_facts").pluck().get() as number;
const lastLogEntry = () => db.prepare("SELECT run_id FROM facts_log ORDER BY seq DESC LIMIT 1").pluck().get();

describe("the summaries' triggers installed at a SQLite open", () => {
  it("are the rendering of db/facts, and a second open replaces nothing", () => {
    const first = triggers();
    expect(first.map((t) => [t.name, t.sql])).toEqual(
      SQLITE_TRIGGERS.map((t) => [t.name, `CREATE TRIGGER ${t.name} ${t.sql}`]).sort(([a], [b]) => (a < b ? -1 : 1)),
    );
    installRunFacts(db);
    expect(triggers()).toEqual(first);
  });

  it("come back without a rebuild when only triggers are missing; predating the fingerprint, the rows are issue 33.2's", () => {
    const expected = turnRows();
    db.exec("UPDATE run_facts SET turn_rows = 99");
    db.exec("DROP TRIGGER run_facts_turn_in"); // as the bulk load leaves them (scripts/lib/bulkLoad.ts)
    installRunFacts(db);
    expect(triggers().map((t) => t.name)).toContain("run_facts_turn_in");
    expect(turnRows()).not.toBe(expected);
    // Triggers of before the fingerprint computed the first definition's rows: recomputed only if
    // the definition has changed since.
    db.exec("DROP VIEW facts_definition");
    installRunFacts(db);
    expect(fingerprint()).toBe(SQLITE_FINGERPRINT);
    expect(turnRows() === expected).toBe(SQLITE_FINGERPRINT !== FIRST_FINGERPRINT.sqlite);
  });

  it("recompute every row when the definition changed", () => {
    const expected = turnRows();
    const hash = fingerprint();
    db.exec("UPDATE run_facts SET turn_rows = 99");
    db.exec("DROP VIEW facts_definition; CREATE VIEW facts_definition AS SELECT 'older' AS hash");
    installRunFacts(db);
    expect(turnRows()).toBe(expected);
    expect(lastLogEntry()).toBe("*");
    expect(fingerprint()).toBe(hash);
  });
});
