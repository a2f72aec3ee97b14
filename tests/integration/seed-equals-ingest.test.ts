/**
 * Issue 22, 33: `npm run seed` bulk-loads (scripts/lib/seedDb.ts, bulkLoad.ts) instead of going
 * through the device protocol. Its runs, traces, turns and scores go through ingest's own writer
 * (writeRun, with runRowOf's row), so what is left to check is what the seed does itself: the
 * inputs it hands that writer (the trace, its build and times), the sessions, jobs and leases it
 * writes, run_facts filled batch by batch while the triggers are dropped, and the indexes and
 * triggers it leaves. One session of the default suite is seeded; the same traces are submitted
 * through the real routes of a fresh dashboard (poll, result), and the rows are compared run by
 * run (matched on task, config and repeat). Ids, tokens and clock times differ by construction.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RUN_FACTS_COLUMNS, TURN_FACTS_COLUMNS, runFactsSelect, turnFactsSelect } from "@db/runFacts";
import { seedDatabase, type SeedReport } from "../../scripts/lib/seedDb";
import { pollBody, testDashboard } from "../support/server";
import { sqliteDatabase } from "@/server/store/sqlite";

type Row = Record<string, unknown>;
const SUITES = path.join(__dirname, "..", "..", "suites");

let seeded: SeedReport;
let dash: Awaited<ReturnType<typeof testDashboard>>;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "harness-lab-seed-"));
  seeded = await seedDatabase(path.join(dir, "seed.db"), { runs: 240, seed: 3, variants: 1, repeats: 1 });
  dash = await testDashboard(SUITES);
  const token = (await dash.call("POST", "/api/devices", { json: { name: "seeded phones" } })).body.token as string;
  const sdb = sqliteDatabase(seeded.ctx.store);
  const ses = sdb.prepare("SELECT * FROM sessions").get() as Row;
  const created = await dash.call("POST", "/api/sessions", {
    json: {
      name: "ingested",
      suite: ses.suite_id,
      tasks: JSON.parse(String(ses.task_ids)),
      configs: JSON.parse(String(ses.config_ids)),
      repeats: 1,
      order: "interleaved",
      seed: ses.seed,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const bodies = new Map(
    (
      sdb
        .prepare(
          "SELECT r.task_id, r.config_id, r.repeat, CAST(trace_utf8(t.body) AS TEXT) AS body FROM runs r JOIN traces t ON t.run_id = r.id",
        )
        .all() as Row[]
    ).map((r) => [`${r.task_id}|${r.config_id}|${r.repeat}`, String(r.body)]),
  );
  for (;;) {
    const p = await dash.call("POST", "/api/device/v1/poll", { json: pollBody, token });
    if (p.status === 204) break;
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    const job = p.body.job;
    const trace = JSON.parse(bodies.get(`${job.task.id}|${job.config.id}|${job.repeat}`)!);
    const res = await dash.call("POST", `/api/device/v1/jobs/${job.id}/result`, {
      json: { ...trace, leaseToken: job.lease.token },
      token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
}, 120_000);
afterAll(async () => {
  if (seeded) sqliteDatabase(seeded.ctx.store).close();
  await dash?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Rows of `sql` keyed by the run's task|config|repeat, with the named columns (ids, clocks) removed. */
function keyed(db: Database.Database, sql: string, drop: string[]) {
  const out = new Map<string, Row[]>();
  for (const r of db.prepare(sql).all() as Row[]) {
    const k = `${r.k_task}|${r.k_config}|${r.k_repeat}`;
    const row = Object.fromEntries(Object.entries(r).filter(([c]) => !drop.includes(c) && !c.startsWith("k_")));
    out.set(k, [...(out.get(k) ?? []), row]);
  }
  return new Map([...out].sort(([a], [b]) => a.localeCompare(b)));
}
const K = "r.task_id AS k_task, r.config_id AS k_config, r.repeat AS k_repeat";

describe("npm run seed writes what ingest writes", () => {
  const both = (sql: string, drop: string[]) => [
    keyed(sqliteDatabase(seeded.ctx.store), sql, drop),
    keyed(sqliteDatabase(dash.ctx.store), sql, drop),
  ];

  it("seeded every run of the session", () => {
    expect(seeded.runs).toBe(240);
    const n = (d: Database.Database) => (d.prepare("SELECT COUNT(*) AS n FROM runs").get() as Row).n;
    expect(n(sqliteDatabase(dash.ctx.store))).toBe(240);
  });

  it("runs, turns and traces", () => {
    const [a, b] = both(`SELECT ${K}, r.* FROM runs r`, [
      "id",
      "job_id",
      "session_id",
      "lease_token_hash",
      "device_id",
      // The token, and whether the trace names the phone that polled: this test's phone polls as
      // one device and submits the seeded traces of several (issue 34.2 flags those).
      "token_device_id",
      "device_mismatch",
      "received_at",
    ]);
    expect(a).toEqual(b);
    const [ta, tb] = both(`SELECT ${K}, t.* FROM turns t JOIN runs r ON r.id = t.run_id ORDER BY t.idx`, ["run_id"]);
    expect(ta).toEqual(tb);
    const [xa, xb] = both(
      `SELECT ${K}, json_remove(CAST(trace_utf8(x.body) AS TEXT), '$.leaseToken') AS body,
              x.bytes - length(json_extract(CAST(trace_utf8(x.body) AS TEXT), '$.leaseToken')) AS bytes
         FROM traces x JOIN runs r ON r.id = x.run_id`,
      [],
    );
    expect(xa).toEqual(xb);
    // The per-run fields spliced into each pooled body are the run's own (seedDb.ts bodyTemplate).
    for (const r of sqliteDatabase(seeded.ctx.store)
      .prepare(
        "SELECT r.lease_token_hash, r.build_commit, r.started_at, CAST(trace_utf8(t.body) AS TEXT) AS body FROM runs r JOIN traces t ON t.run_id = r.id",
      )
      .all() as Row[]) {
      const body = JSON.parse(String(r.body));
      expect(createHash("sha256").update(body.leaseToken).digest("hex")).toBe(r.lease_token_hash);
      expect([body.build.commit, body.startedAt]).toEqual([r.build_commit, r.started_at]);
    }
  });

  it("scores and the analytics summary rows (run_facts)", () => {
    const [a, b] = both(`SELECT ${K}, s.* FROM scores s JOIN runs r ON r.id = s.run_id`, [
      "id",
      "run_id",
      "created_at",
    ]);
    expect(a).toEqual(b);
    const [fa, fb] = both(`SELECT ${K}, f.* FROM run_facts f JOIN runs r ON r.id = f.id`, [
      "id",
      "session_id",
      "score_id",
      "device_id",
      // The token, and whether the trace names the phone that polled: this test's phone polls as
      // one device and submits the seeded traces of several (issue 34.2 flags those).
      "token_device_id",
      "device_mismatch",
      "received_at",
    ]);
    expect(fa).toEqual(fb);
    expect(fa.size).toBe(240);
  });

  it("fills run_facts session by session with exactly what a full recomputation gives, and turn_facts after", async () => {
    // Three sessions, the last one partial: run_facts is filled in three batches (bulkLoad.ts).
    const more = await seedDatabase(path.join(dir, "three.db"), {
      runs: 2 * 240 + 17,
      seed: 5,
      variants: 1,
      repeats: 1,
    });
    try {
      expect(more.sessions).toHaveLength(3);
      const db = sqliteDatabase(more.ctx.store);
      const all = (sql: string) => db.prepare(`${sql} ORDER BY 1, 2`).raw().all();
      const facts = all(`SELECT ${RUN_FACTS_COLUMNS} FROM run_facts`);
      expect(facts).toHaveLength(2 * 240 + 17);
      expect(facts).toEqual(all(runFactsSelect("1")));
      const turnFacts = all(`SELECT ${TURN_FACTS_COLUMNS} FROM turn_facts`);
      expect(turnFacts).toEqual(all(turnFactsSelect(`(${runFactsSelect("1")})`)));
      expect(turnFacts.length).toBe((db.prepare("SELECT COUNT(*) AS n FROM turns").get() as Row).n);
    } finally {
      sqliteDatabase(more.ctx.store).close();
    }
    const [a, b] = both(`SELECT ${K}, t.* FROM turn_facts t JOIN runs r ON r.id = t.run_id ORDER BY t.idx`, [
      "run_id",
      "session_id",
      "device_id",
    ]);
    expect(a).toEqual(b);
  });

  it("jobs and leases", () => {
    const [a, b] = both(`SELECT ${K}, j.* FROM jobs j JOIN runs r ON r.id = j.run_id`, [
      "id",
      "session_id",
      "position",
      "leased_by",
      "run_id",
      "updated_at",
    ]);
    expect(a).toEqual(b);
    const [la, lb] = both(`SELECT ${K}, l.* FROM leases l JOIN runs r ON r.job_id = l.job_id`, [
      "token_hash",
      "job_id",
      "device_id",
      "reported_device_id",
      "issued_at",
    ]);
    expect(la).toEqual(lb);
  });

  it("leaves the same indexes, triggers and journal settings as a database opened by the dashboard", () => {
    const schema = (d: Database.Database) =>
      d.prepare("SELECT type, name, sql FROM sqlite_master WHERE type IN ('index', 'trigger') ORDER BY name").all();
    expect(schema(sqliteDatabase(seeded.ctx.store))).toEqual(schema(sqliteDatabase(dash.ctx.store)));
    for (const p of ["journal_mode", "synchronous", "foreign_keys"])
      expect(sqliteDatabase(seeded.ctx.store).pragma(p, { simple: true }), p).toEqual(
        sqliteDatabase(dash.ctx.store).pragma(p, { simple: true }),
      );
  });
});
