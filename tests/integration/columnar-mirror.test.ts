/**
 * Issue 22, ADR 12: the columnar copy's own behaviour, on a copy made here with small thresholds:
 * a large database loads in the background while SQLite answers; each commit is seen by the next
 * read; a change larger than the delta limit, a pruned log and a rebuild make it load again; a
 * statement DuckDB refuses is answered by SQLite, counted and said. (That every analytics figure
 * gives the same numbers from the copy: analytics-engines.test.ts; that the copy equals SQLite after
 * every kind of write: run-facts.test.ts.)
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { CreateSessionRequest } from "@/domain/protocol/api";
import { createSession } from "@/server/sessions/createSession";
import { rebuildSummaries } from "@/server/summaries/rebuildSummaries";
import { sqliteFacts, type ColumnarFacts } from "@/server/store/columnar";
import { columnarWanted } from "@/server/store/columnar";
import { makeStore, type QueueHarness } from "../support/queue-engines";
import { drain, seedLab } from "../support/analytics-engines";
import { expectMirrorInSync } from "../support/columnar";
import { sqliteDatabase } from "@/server/store/sqlite";

const N = z.object({ n: z.number() });

let h: QueueHarness;
let copy: ColumnarFacts;
let said: string[];

beforeEach(async () => {
  // The store's own copy is off: this file makes one with thresholds small enough to cross.
  h = await makeStore("sqlite", { columnar: false });
  await seedLab(h);
  said = [];
  copy = sqliteFacts(sqliteDatabase(h.ctx.store), h.ctx.store.sql, {
    enabled: true,
    waitBelowRuns: 0, // every database here counts as large: the first load runs in the background
    reloadAbove: 3,
    batch: 4, // several batches even for 15 runs
    log: (line) => said.push(line),
  });
});
afterEach(async () => {
  await copy.close();
  await h.close();
});

/** The copy's tables through its own runner equal the database's. */
async function expectSameTables() {
  await expectMirrorInSync(h.ctx, await copy.facts());
}

const runsIn = async () => (await (await copy.facts()).get(N, `SELECT COUNT(*) AS "n" FROM run_facts`))!.n;

describe("the columnar copy", () => {
  it("loads a large database in the background, SQLite answering meanwhile, then serves every commit", async () => {
    expect((await copy.facts()).dialect).toBe("sqlite");
    expect(copy.status()).toMatchObject({ state: "loading" });
    const ready = (await copy.ready())!;
    const inSqlite = () =>
      sqliteDatabase(h.ctx.store).prepare("SELECT COUNT(*) FROM run_facts").pluck().get() as number;
    expect(inSqlite()).toBe(15); // 12 + the late session's two (one superseded) + the cancelled one's
    expect(ready).toMatchObject({ state: "ready", loadedRuns: 15, fallbacks: 0, reloads: 0 });
    expect(ready.loadMs).toBeGreaterThan(0);
    await expectSameTables();

    // New runs, one commit each: every read sees every commit before it.
    const s = await createSession(
      h.ctx,
      CreateSessionRequest.parse({ name: "More", suite: "mini", tasks: ["sum"], configs: ["bash"], repeats: 2 }),
    );
    expect(s.session.id).toBeTruthy();
    expect(await drain(h, 40)).toBe(2);
    expect(await runsIn()).toBe(17);
    expect(inSqlite()).toBe(17);
    await expectSameTables();
    expect(copy.status()).toMatchObject({ reloads: 0, fallbacks: 0 });
  });

  it("loads again when more runs changed than a delta is worth, and after a rebuild", async () => {
    await copy.ready();
    // A trial flag on the main session rewrites its 12 runs' rows: more than reloadAbove (3).
    sqliteDatabase(h.ctx.store).prepare("UPDATE sessions SET trial = 1 WHERE name = 'Main'").run();
    expect((await copy.facts()).dialect).toBe("sqlite"); // reloading, in the background here
    await copy.ready();
    expect(copy.status()).toMatchObject({ reloads: 1, state: "ready" });
    await expectSameTables();
    const trial = await (await copy.facts()).get(N, `SELECT COUNT(*) AS "n" FROM run_facts WHERE trial`);
    expect(trial!.n).toBe(12);

    await rebuildSummaries(h.ctx);
    expect(sqliteDatabase(h.ctx.store).prepare("SELECT run_id FROM facts_log").pluck().all()).toEqual(["*"]);
    await copy.facts();
    await copy.ready();
    expect(copy.status()).toMatchObject({ reloads: 2 });
    await expectSameTables();
  });

  it("loads again when the log no longer holds its position", async () => {
    await copy.ready();
    const seq = Number(copy.status()!.position);
    // What the prune does to entries a copy has not read yet.
    sqliteDatabase(h.ctx.store).prepare("INSERT INTO facts_log (run_id) VALUES ('x'), ('y')").run();
    sqliteDatabase(h.ctx.store)
      .prepare("DELETE FROM facts_log WHERE seq <= ?")
      .run(seq + 1);
    await copy.facts();
    await copy.ready();
    expect(copy.status()).toMatchObject({ reloads: 1, fallbacks: 0 });
    await expectSameTables();
  });

  it("answers a statement DuckDB refuses from SQLite, and says so", async () => {
    await copy.ready();
    const sql = await copy.facts();
    expect(sql.dialect).toBe("duckdb");
    const v = await sql.get(z.object({ v: z.string() }), `SELECT sqlite_version() AS "v"`);
    expect(v!.v).toMatch(/^3\.\d+\.\d+$/);
    expect(copy.status()!.fallbacks).toBe(1);
    expect(said.join("\n")).toMatch(/failed in the columnar mirror and was answered by SQLite \(SELECT sqlite_version/);
    await expect(sql.run("DELETE FROM run_facts")).rejects.toThrow(/read-only/);
  });

  it("is off with ANALYTICS_ENGINE=sql, and refuses an engine it does not know with what to use", () => {
    const env = (v?: string) => ({ ...process.env, ANALYTICS_ENGINE: v });
    expect(columnarWanted(env(undefined))).toBe(true);
    expect(columnarWanted(env("sql"))).toBe(false);
    expect(() => columnarWanted(env("arrow"))).toThrow(/use duckdb .* or sql/);
  });
});
