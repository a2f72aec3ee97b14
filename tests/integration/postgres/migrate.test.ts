/**
 * PostgreSQL migrations on a real server: the committed db/migrations-pg build the schema of
 * db/schema-pg, and several dashboard processes starting at once migrate safely under the
 * advisory lock (db/pg-client.ts): each sees the finished schema, nothing is applied twice.
 */
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "@db/schema-pg";
import { openPgDb, isPostgresUrl } from "@db/pg-client";
import { pgTestDatabase, pgUrl } from "../../support/pg";
import journal from "../../../db/migrations-pg/meta/_journal.json";

describe.skipIf(!pgUrl)("PostgreSQL migrations", () => {
  let fresh: Awaited<ReturnType<typeof pgTestDatabase>>;
  beforeAll(async () => {
    fresh = await pgTestDatabase(false);
  });
  afterAll(async () => fresh?.drop());

  it("are applied once when four dashboards (each its own pool) start at the same moment", async () => {
    const dbs = await Promise.all([1, 2, 3, 4].map(() => openPgDb(fresh.url, { max: 2 })));
    try {
      const applied = await dbs[0].$client.query("SELECT COUNT(*) AS n FROM drizzle.__drizzle_migrations");
      // One row per committed migration (db/migrations-pg/meta/_journal.json), each applied once.
      expect(applied.rows[0].n).toBe(journal.entries.length);
      // The template's columns are exactly db/schema-pg's.
      const cols = await dbs[0].$client.query(
        "SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, ordinal_position",
      );
      // The columnar copy's change log (migration 0010, ADR 12) is the triggers' own, like their
      // functions: not in the drizzle schema, and only the triggers write it.
      // So is the runs' search index (migration 0015, ADR 19): a tsvector only its trigger writes.
      const got = cols.rows
        .filter((r) => !["facts_log", "facts_log_pruned", "runs_search"].includes(r.table_name))
        .map((r) => `${r.table_name}.${r.column_name} ${r.data_type}${r.is_nullable === "NO" ? " not null" : ""}`);
      const want = (Object.values(schema) as unknown[])
        .filter((t): t is PgTable => t instanceof PgTable)
        .flatMap((t) => {
          const c = getTableConfig(t);
          return c.columns.map(
            (col) =>
              `${c.name}.${col.name} ${col.getSQLType().replace(/^(double precision)$/, "double precision")}${col.notNull ? " not null" : ""}`,
          );
        });
      expect([...got].sort()).toEqual([...want].sort());
    } finally {
      await Promise.all(dbs.map((d) => d.$client.end()));
    }
  }, 60_000);

  it("parses bigint and COUNT results as numbers, in one place", async () => {
    const t = await pgTestDatabase();
    const db = await openPgDb(t.url, { max: 1 });
    try {
      await db.$client.query(
        "INSERT INTO devices (id, name, token_hash, created_at) VALUES ('d1', 'p', 'h', 1764580000123)",
      );
      const r = await db.$client.query("SELECT created_at, COUNT(*) OVER () AS n FROM devices");
      expect(r.rows[0]).toEqual({ created_at: 1764580000123, n: 1 });
    } finally {
      await db.$client.end();
      await t.drop();
    }
  });

  it("is chosen only by postgres:// and postgresql:// URLs", () => {
    expect(isPostgresUrl("postgres://u@h/db")).toBe(true);
    expect(isPostgresUrl("postgresql://u@h/db")).toBe(true);
    for (const s of [undefined, "", "./data/harness-lab.db", "file:x.db", "mysql://h/db"])
      expect(isPostgresUrl(s)).toBe(false);
  });
});
