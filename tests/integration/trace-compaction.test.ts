/**
 * Issue 35.5: a database written before trace bodies were compressed is converted by the
 * dashboard itself, in the background, without loss. The seed's runs are turned back into what
 * an earlier version stored (every body as text, no dictionary, no compaction state); the
 * dashboard then opens the file, trains a dictionary, rewrites every body, and every export comes
 * out byte for byte as before, every body reads back as the text the phone sent, and the
 * summaries, the search index and rescoring go on as they were. SQLite only: PostgreSQL keeps the
 * text and TOAST compresses it.
 */
import { spawnSync } from "node:child_process";
import { monitorEventLoopDelay } from "node:perf_hooks";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AnalyticsFilter } from "@/domain/analytics/filter";
import { createContext, type Ctx } from "@/server/context";
import { exportCsv, exportJson, exportTable } from "@/server/export/exportRuns";
import { sqliteDatabase, type SqliteStore } from "@/server/store/sqlite";
import { compactionState } from "@/server/store/sqlite/compactTraces";
import { installTraceCodec } from "@db/traceCodec.mjs";
import { seedDatabase } from "../../scripts/lib/seedDb";

let dir: string;
let file: string;
const texts = new Map<string, string>();
let before: Awaited<ReturnType<typeof exportsOf>>;
let factsBefore: unknown[];

async function text(chunks: AsyncGenerator<string>) {
  let s = "";
  for await (const c of chunks) s += c;
  return s;
}

async function exportsOf(ctx: Ctx) {
  const filter = AnalyticsFilter.parse({ includeTrial: true, includeSuperseded: true });
  return {
    runsCsv: await text(exportCsv(ctx, filter)),
    runsJson: await text(exportJson(ctx, filter)),
    turnsCsv: await text(exportTable(ctx, filter, "turns")),
    callsCsv: await text(exportTable(ctx, filter, "calls")),
  };
}

const facts = (db: Database.Database) =>
  db.prepare("SELECT id, battery, turn_rows, turn_ttft_ms, passed FROM run_facts ORDER BY id").all();

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "harness-lab-compaction-"));
  file = path.join(dir, "old.db");
  const seeded = await seedDatabase(file, { runs: 320, seed: 5, variants: 1, repeats: 1 });
  await seeded.ctx.store.close();
  // What a database of the version before holds: text bodies, and none of the compaction's tables.
  const db = new Database(file);
  installTraceCodec(db);
  for (const r of db.prepare("SELECT run_id, CAST(trace_utf8(body) AS TEXT) AS body FROM traces").all() as {
    run_id: string;
    body: string;
  }[])
    texts.set(r.run_id, r.body);
  db.transaction(() => {
    const put = db.prepare("UPDATE traces SET body = ? WHERE run_id = ?");
    for (const [id, body] of texts) put.run(body, id);
    db.exec("DROP TABLE trace_dicts; DROP TABLE trace_compaction");
  })();
  expect(db.prepare("SELECT COUNT(*) FROM traces WHERE typeof(body) = 'text'").pluck().get()).toBe(texts.size);
  factsBefore = facts(db);
  db.close();
  const old = createContext(file);
  before = await exportsOf(old);
  await old.store.close();
}, 120_000);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("an earlier version's database, opened by this one", () => {
  let ctx: Ctx;
  let db: Database.Database;
  let heldMs: number;
  let report: Awaited<ReturnType<SqliteStore["traceCompaction"]["finish"]>>;
  beforeAll(async () => {
    ctx = createContext(file);
    db = sqliteDatabase(ctx.store);
    // The dashboard starts the compaction by itself on open; this waits for it to end, with a
    // probe of how long the event loop was held at a time meanwhile.
    const probe = monitorEventLoopDelay({ resolution: 5 });
    probe.enable();
    report = await (ctx.store as SqliteStore).traceCompaction.finish();
    probe.disable();
    heldMs = probe.max / 1e6;
  }, 120_000);
  afterAll(() => ctx.store.close());

  it("trains a dictionary and rewrites every body with it", () => {
    const dicts = db.prepare("SELECT id, samples, length(bytes) AS n FROM trace_dicts").all() as { id: string }[];
    expect(dicts).toHaveLength(1);
    const state = compactionState(db)!;
    expect(state.encoding).toBe(dicts[0].id);
    expect(state.converted_through).toBe(state.start_rowid);
    const kinds = db
      .prepare("SELECT typeof(body) AS t, hex(substr(body, 1, 9)) AS head, COUNT(*) AS n FROM traces GROUP BY 1, 2")
      .all();
    expect(kinds).toEqual([{ t: "blob", head: `02${dicts[0].id.toUpperCase()}`, n: texts.size }]);
    // What the compaction says it did (npm run compact prints it).
    expect(report).toMatchObject({ converted: texts.size, trained: { id: dicts[0].id } });
  });

  it("never holds the event loop long: one short transaction per window of rows, training in a worker", () => {
    // The bound the dashboard keeps for every request (docs/reliability.md): 200 ms, with room for a busy machine.
    console.log(`trace-compaction: the event loop was held at most ${heldMs.toFixed(0)} ms`);
    expect(heldMs).toBeLessThan(200);
  });

  it("stores them in a tenth of the space or less", () => {
    const { text, stored } = db.prepare("SELECT SUM(bytes) AS text, SUM(length(body)) AS stored FROM traces").get() as {
      text: number;
      stored: number;
    };
    expect(stored * 10).toBeLessThan(text);
  });

  it("reads every body back as the text the phone sent", () => {
    const got = new Map(
      (
        db.prepare("SELECT run_id, CAST(trace_utf8(body) AS TEXT) AS body FROM traces").all() as {
          run_id: string;
          body: string;
        }[]
      ).map((r) => [r.run_id, r.body]),
    );
    expect(got.size).toBe(texts.size);
    for (const [id, body] of texts) expect(got.get(id) === body, id).toBe(true);
  });

  it("exports every table byte for byte as before", async () => {
    const after = await exportsOf(ctx);
    for (const k of Object.keys(before) as (keyof typeof before)[]) {
      expect(after[k].length, k).toBe(before[k].length);
      expect(after[k] === before[k], k).toBe(true);
    }
  });

  it("keeps the summaries, and fills new runs' trace facts through the compressed body", () => {
    expect(facts(db)).toEqual(factsBefore);
    expect(factsBefore.some((f) => (f as { battery: number | null }).battery !== null)).toBe(true);
  });

  it("finds runs by their trace's text as before", () => {
    const reply = JSON.parse([...texts.values()][0]).reply as string;
    const word = reply.split(/\W+/).find((w) => w.length > 3)!;
    const hits = db.prepare("SELECT COUNT(*) FROM runs_search WHERE runs_search MATCH ?").pluck().get(word) as number;
    const expected = [...texts.values()].filter((t) =>
      new RegExp(`\\b${word}\\b`, "i").test(JSON.stringify(JSON.parse(t).reply)),
    ).length;
    expect(hits).toBeGreaterThanOrEqual(expected);
    expect(hits).toBeGreaterThan(0);
  });

  it("writes blobs any deflate reader opens: Python's zlib with the stored dictionary", () => {
    const python = ["python3", "/usr/bin/python3"].find(
      (p) => spawnSync(p, ["-c", "import zlib"], { stdio: "ignore" }).status === 0,
    );
    if (!python) return void console.warn("trace-compaction: no python3 here, the zlib read-back was skipped");
    const row = db
      .prepare("SELECT t.run_id, hex(t.body) AS body, hex(d.bytes) AS dict FROM traces t, trace_dicts d LIMIT 1")
      .get() as { run_id: string; body: string; dict: string };
    const script = `import sys, zlib
body, d = bytes.fromhex(sys.argv[1]), bytes.fromhex(sys.argv[2])
assert body[0] == 2
o = zlib.decompressobj(wbits=-15, zdict=d)
sys.stdout.write((o.decompress(body[9:]) + o.flush()).decode("utf-8"))`;
    const out = spawnSync(python, ["-c", script, row.body, row.dict], { encoding: "utf8", maxBuffer: 1 << 24 });
    expect(out.stderr).toBe("");
    expect(out.stdout === texts.get(row.run_id)).toBe(true);
  });
});
