/**
 * Issue 34.2: the migration that adds `runs.token_device_id` fills it for the runs already stored,
 * from the lease each came in on; an imported run (no lease) keeps none. SQLite's migrations are
 * applied one by one to a fresh file, with runs written between the one before and this one.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";

const dir = path.join(__dirname, "..", "..", "db", "migrations");
const journal = JSON.parse(fs.readFileSync(path.join(dir, "meta", "_journal.json"), "utf8")) as {
  entries: { tag: string }[];
};
const sqlOf = (tag: string) => fs.readFileSync(path.join(dir, `${tag}.sql`), "utf8");
const apply = (db: Database.Database, tag: string) => {
  for (const statement of sqlOf(tag).split("--> statement-breakpoint")) if (statement.trim()) db.exec(statement);
};

let tmp = "";
afterEach(() => tmp && fs.rmSync(tmp, { recursive: true, force: true }));

describe("the token_device_id migration (SQLite)", () => {
  it("gives each stored run the token of its lease, and an imported run none", () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "hl-backfill-"));
    const db = new Database(path.join(tmp, "db.sqlite"));
    // Leases and runs alone: the sessions, jobs and devices they point to are beside the point here.
    db.pragma("foreign_keys = OFF");
    const at = journal.entries.findIndex((e) => /ADD `token_device_id`/.test(sqlOf(e.tag)));
    expect(at).toBeGreaterThan(0);
    for (const e of journal.entries.slice(0, at)) apply(db, e.tag);
    db.exec(
      `INSERT INTO leases (token_hash, job_id, attempt, device_id, issued_at) VALUES ('lt1', 'job1', 1, 'dev_a', 1), ('lt2', 'job2', 1, 'dev_b', 2)`,
    );
    const run = db.prepare(
      `INSERT INTO runs (id, job_id, session_id, lease_token_hash, attempt, task_id, task_version, task_group, config_id,
         config_version, repeat, device_id, device_model, build_commit, model, started_at, received_at, context_window)
       VALUES (?, ?, 's1', ?, 1, 't', 1, 'files', 'c', 1, 1, 'shared-id', 'Pixel 9', 'abc', 'gemma', '2026-10-14T09:00:00Z', 1, 2048)`,
    );
    run.run("run_a", "job1", "lt1");
    run.run("run_b", "job2", "lt2");
    run.run("run_imported", null, null);
    apply(db, journal.entries[at].tag);
    expect(
      db.prepare("SELECT id, token_device_id AS token, device_mismatch AS mismatch FROM runs ORDER BY id").all(),
    ).toEqual([
      { id: "run_a", token: "dev_a", mismatch: 0 },
      { id: "run_b", token: "dev_b", mismatch: 0 },
      { id: "run_imported", token: null, mismatch: 0 },
    ]);
    db.close();
  });
});
