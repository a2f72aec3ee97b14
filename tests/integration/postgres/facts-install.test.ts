/**
 * Issue 33.2 on a real PostgreSQL: the summaries' maintenance a dashboard installs at boot
 * (db/facts/pgInstall.ts) is the rendering of db/facts/definition.ts, it computes what the
 * migrations' functions (0002–0011) computed, a database those functions kept is taken over without
 * a rebuild, a second boot replaces nothing, and a changed definition recomputes every row.
 */
import fs from "node:fs";
import path from "node:path";
import type { Client } from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { openPgDb } from "@db/pg-client";
import { OWNED } from "@db/facts/definition";
import { getTableConfig } from "drizzle-orm/pg-core";
import * as pgSchema from "@db/schema-pg";
import { renderPg } from "@db/facts/postgres";
import { FIRST_FINGERPRINT } from "@db/facts/plan";
import { shapes } from "@db/facts/pgInstall";
import { seedLab } from "../../support/analytics-engines";
import { pgTestDatabase, pgUrl } from "../../support/pg";
import { makeStore, type QueueHarness } from "../../support/queue-engines";

const AnyRow = z.record(z.string(), z.unknown());
const shape = (t: Parameters<typeof getTableConfig>[0]) =>
  getTableConfig(t).columns.map((c) => ({ name: c.name, type: c.getSQLType() }));
/**
 * The definition is still the one the migrations' functions computed (issue 33.2). Once it changes,
 * those functions no longer compile against run_facts (a column more), and the comparison with them
 * has done its work: a database they kept is then recomputed at boot (the last test).
 */
const firstDefinition =
  renderPg({ run_facts: shape(pgSchema.runFacts), turn_facts: shape(pgSchema.turnFacts) }).hash ===
  FIRST_FINGERPRINT.postgres;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function client(url: string): Promise<Client> {
  const { default: pg } = await import("pg");
  const c = new pg.Client(url);
  await c.connect();
  cleanups.push(() => c.end());
  return c;
}

/** A dashboard process starting on `url`: migrations and the install, then it goes away. */
async function boot(url: string) {
  const db = await openPgDb(url, { max: 1 });
  await db.$client.end();
}

/** The database's maintenance now: function bodies, owned triggers (with their oids), the fingerprint. */
async function catalog(c: Client) {
  const procs = (
    await c.query<{ name: string; src: string; xmin: string }>(
      `SELECT proname AS name, prosrc AS src, xmin::text AS xmin FROM pg_proc WHERE pronamespace = current_schema()::regnamespace`,
    )
  ).rows.filter((p) => !p.name.startsWith("runs_search_")); // the search index's (migration 0015), not the summaries'

  const triggers = (
    await c.query<{ name: string; oid: number }>(
      "SELECT tgname AS name, oid::int AS oid FROM pg_trigger WHERE NOT tgisinternal",
    )
  ).rows.filter((t) => OWNED.test(t.name));
  return { procs, triggers };
}

/**
 * Puts back the maintenance the migrations left before issue 33: each function's last definition
 * in db/migrations-pg (earlier ones do not match today's run_facts) and their triggers.
 */
async function restoreMigrationFunctions(c: Client) {
  for (const t of (await catalog(c)).triggers) {
    const on = await c.query("SELECT tgrelid::regclass::text AS t FROM pg_trigger WHERE oid = $1", [t.oid]);
    await c.query(`DROP TRIGGER ${t.name} ON ${on.rows[0].t}`);
  }
  for (const p of (await catalog(c)).procs) await c.query(`DROP FUNCTION ${p.name}`);
  const dir = path.join(__dirname, "..", "..", "..", "db", "migrations-pg");
  const statements = ["0002_run-facts-triggers", "0005_run-facts-fit-sums", "0008_turn-facts", "0010_facts-log"]
    .concat("0011_facts-log-prunes")
    .flatMap((f) => fs.readFileSync(path.join(dir, `${f}.sql`), "utf8").split("--> statement-breakpoint"))
    .map((s) => s.replace(/^\s*--.*$/gm, "").trim());
  const functions = new Map<string, string>();
  for (const s of statements) {
    const m = s.match(/^CREATE (?:OR REPLACE )?FUNCTION (\w+)/);
    if (m) functions.set(m[1], s.replace(/^CREATE (OR REPLACE )?FUNCTION/, "CREATE OR REPLACE FUNCTION"));
  }
  for (const s of functions.values()) await c.query(s);
  for (const s of statements.filter((x) => x.startsWith("CREATE TRIGGER"))) await c.query(s);
  expect((await catalog(c)).procs.map((p) => p.name)).toContain("run_facts_on_score");
}

/** The same writes on any database: the lab, a rescoring of its first run, a trial flag. */
async function rescoreFirst(h: QueueHarness, skip = 0) {
  const { sql } = h.ctx.store;
  const [run] = await sql.all(
    z.object({ id: z.string() }),
    `SELECT r.id AS "id" FROM runs r JOIN scores sc ON sc.run_id = r.id AND sc.current
      ORDER BY r.task_id, r.config_id, r.repeat, r.attempt, r.device_id, r.received_at OFFSET ${skip} LIMIT 1`,
  );
  const cols = (
    await sql.all(
      z.object({ c: z.string() }),
      `SELECT column_name AS "c" FROM information_schema.columns WHERE table_name = 'scores' AND table_schema = current_schema()`,
    )
  )
    .map((r) => r.c)
    .filter((c) => !["id", "current", "passed"].includes(c))
    .join(", ");
  await sql.run(`UPDATE scores SET current = FALSE WHERE run_id = ? AND current`, [run.id]);
  await sql.run(
    `INSERT INTO scores (${cols}, current, passed) SELECT ${cols}, TRUE, NOT passed FROM scores WHERE run_id = ? ORDER BY id DESC LIMIT 1`,
    [run.id],
  );
}

/** Rows without the ids each database draws for itself, in a stable order. */
async function summaries(h: QueueHarness) {
  const strip = (rows: Record<string, unknown>[]) =>
    rows
      .map((r) =>
        JSON.stringify(
          Object.fromEntries(
            Object.entries(r).filter(([k]) => !["id", "run_id", "session_id", "score_id"].includes(k)),
          ),
        ),
      )
      .sort();
  const { sql } = h.ctx.store;
  return {
    runFacts: strip(await sql.all(AnyRow, "SELECT * FROM run_facts")),
    turnFacts: strip(await sql.all(AnyRow, "SELECT * FROM turn_facts")),
    logEntries: (await sql.get(z.object({ n: z.coerce.number() }), `SELECT COUNT(*) AS "n" FROM facts_log`))!.n,
  };
}

describe.skipIf(!pgUrl)("the summaries' maintenance installed at PostgreSQL boot", () => {
  it("is the rendering of db/facts, installed once: a second boot replaces nothing", async () => {
    const fresh = await pgTestDatabase(false);
    cleanups.push(fresh.drop);
    await Promise.all([boot(fresh.url), boot(fresh.url), boot(fresh.url)]);
    const c = await client(fresh.url);
    const want = renderPg(await shapes(c as never));
    const first = await catalog(c);
    for (const f of want.functions) {
      const name = f.signature.slice(0, f.signature.indexOf("("));
      expect(first.procs.find((p) => p.name === name)?.src, name).toBe(f.body);
    }
    expect(first.triggers.map((t) => t.name).sort()).toEqual(want.triggers.map((t) => t.name).sort());
    // The migrations' trigger functions are gone with their triggers.
    expect(first.procs.map((p) => p.name).filter((n) => /^run_facts_on_|^facts_log_write$/.test(n))).toEqual([]);
    expect((await c.query("SELECT facts_definition() AS h")).rows[0].h).toBe(want.hash);

    await boot(fresh.url);
    const second = await catalog(c);
    expect(second.triggers).toEqual(first.triggers);
    expect(second.procs).toEqual(first.procs);
  }, 60_000);

  it.runIf(firstDefinition)(
    "computes what the migrations' functions did, and takes over a database they kept without a rebuild",
    async () => {
      const [old, now] = [await makeStore("postgres"), await makeStore("postgres")];
      cleanups.push(
        () => now.close(),
        () => old.close(),
      );
      const oldClient = await client(old.url);
      await restoreMigrationFunctions(oldClient);
      for (const h of [old, now]) {
        await seedLab(h);
        await rescoreFirst(h);
        await h.ctx.store.sql.run(`UPDATE sessions SET trial = TRUE WHERE name = 'Main'`);
      }
      const before = await summaries(old);
      expect(before.runFacts).toHaveLength(15);
      expect(await summaries(now)).toEqual(before);

      const computed = async (fn: string) => (await oldClient.query(`SELECT * FROM ${fn}() ORDER BY 1, 2`)).rows;
      const [oldRuns, oldTurns] = [await computed("run_facts_computed"), await computed("turn_facts_computed")];
      await boot(old.url);
      expect(await summaries(old)).toEqual(before); // no rebuild: no reset entry, the same rows
      expect(await computed("run_facts_computed")).toEqual(oldRuns);
      expect(await computed("turn_facts_computed")).toEqual(oldTurns);

      // And from here on both keep the same rows, through the installed triggers.
      for (const h of [old, now]) await rescoreFirst(h, 3);
      expect(await summaries(old)).toEqual(await summaries(now));
    },
    90_000,
  );

  it("recomputes every row at boot when the rows are another definition's, and only then", async () => {
    const h = await makeStore("postgres");
    cleanups.push(() => h.close());
    await seedLab(h);
    const c = await client(h.url);
    const turnRows = async () => (await c.query("SELECT SUM(turn_rows)::int AS n FROM run_facts")).rows[0].n as number;
    const expected = await turnRows();
    await c.query("UPDATE run_facts SET turn_rows = 99");
    await boot(h.url);
    expect(await turnRows()).toBe(15 * 99);

    await c.query(`CREATE OR REPLACE FUNCTION facts_definition() RETURNS text LANGUAGE sql AS $$SELECT 'older'$$`);
    await boot(h.url);
    expect(await turnRows()).toBe(expected);
    const last = await c.query("SELECT run_id FROM facts_log ORDER BY seq DESC LIMIT 1");
    expect(last.rows[0].run_id).toBe("*");
    const want = renderPg(await shapes(c as never)).hash;
    expect((await c.query("SELECT facts_definition() AS h")).rows[0].h).toBe(want);

    // No fingerprint: kept by the migrations' functions, the first definition's rows.
    await c.query("UPDATE run_facts SET turn_rows = 99");
    await c.query("DROP FUNCTION facts_definition()");
    await boot(h.url);
    expect(await turnRows()).toBe(want === FIRST_FINGERPRINT.postgres ? 15 * 99 : expected);
    expect((await c.query("SELECT facts_definition() AS h")).rows[0].h).toBe(want);
  }, 60_000);
});
