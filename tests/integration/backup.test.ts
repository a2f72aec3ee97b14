import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createContext, setContext } from "@/server/context";
import { BackupError, backupDatabase, checkInUse, restoreDatabase, verifyDatabase } from "@/server/store/sqlite/backup";
import { pollBody, testDashboard, traceFor, type TestDashboard } from "../support/server";
import { sqliteDatabase } from "@/server/store/sqlite";

let dash: TestDashboard;
let token: string;
let tmp: string;
beforeEach(async () => {
  dash = await testDashboard();
  token = (await dash.call("POST", "/api/devices", { json: { name: "p" } })).body.token;
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "harness-lab-backup-"));
});
afterEach(() => {
  dash.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const sourceFile = () => sqliteDatabase(dash.ctx.store).name;
// A few KB of model text per turn, so the database spans hundreds of pages and a copy in small
// steps takes many of them.
const chatter = "The user wants the dentist appointment added to the list. ".repeat(60);

/** One phone's poll + result round trip; false when the queue is empty. */
async function submitOne(i: number): Promise<boolean> {
  const r = await dash.call("POST", "/api/device/v1/poll", { json: pollBody, token });
  if (r.status === 204) return false;
  const job = r.body.job;
  const turns = [
    {
      promptTokens: 45,
      contextTokens: 380 + i,
      ttftMs: 300 + (i % 7) * 10,
      outputTokens: 40,
      decodeMs: 2000,
      text: chatter,
      toolCalls: [],
    },
  ];
  const res = await dash.call("POST", `/api/device/v1/jobs/${job.id}/result`, {
    json: { ...traceFor(job, { reply: i % 3 ? "31" : "no idea" }), turns },
    token,
  });
  expect(res.status).toBe(201);
  return true;
}

const session = (name: string, repeats: number) =>
  dash.call("POST", "/api/sessions", { json: { name, suite: "mini", configs: ["files", "bash"], repeats } });

async function analytics() {
  const configs = await dash.call("GET", "/api/analytics/configs");
  const tasks = await dash.call("GET", "/api/analytics/tasks");
  expect(configs.status).toBe(200);
  expect(tasks.status).toBe(200);
  return { configs: configs.body, tasks: tasks.body };
}

/** The analytics a dashboard started on `file` would show (the same route handlers, another database). */
async function analyticsOf(file: string) {
  const ctx = createContext(file);
  setContext(ctx);
  try {
    return await analytics();
  } finally {
    sqliteDatabase(ctx.store).close();
    setContext(dash.ctx);
  }
}

/** Runs lacking their trace, their one current score, or the turns that score counted: half-written runs. */
function incompleteRuns(file: string): number {
  const db = new Database(file, { readonly: true });
  try {
    return (
      db
        .prepare(
          `SELECT count(*) AS n FROM runs r
            WHERE NOT EXISTS (SELECT 1 FROM traces t WHERE t.run_id = r.id)
               OR (SELECT count(*) FROM scores s WHERE s.run_id = r.id AND s.current = 1) <> 1
               OR (SELECT count(*) FROM turns u WHERE u.run_id = r.id) <>
                  (SELECT s.turn_count FROM scores s WHERE s.run_id = r.id AND s.current = 1)`,
        )
        .get() as { n: number }
    ).n;
  } finally {
    db.close();
  }
}

const runCount = () =>
  (sqliteDatabase(dash.ctx.store).prepare("SELECT count(*) AS n FROM runs").get() as { n: number }).n;

describe("backupDatabase", () => {
  it("copies the database as it stood when the backup started, while phones keep submitting", async () => {
    await session("before", 50); // 2 tasks × 2 configs × 50 repeats = 200 runs
    for (let i = 0; await submitOne(i); i++);
    await session("during", 50); // queued work for the phone that keeps submitting
    const before = await analytics();
    const runsBefore = runCount();

    // A phone submits continuously; each round trip yields to the event loop as a network request would.
    let stop = false;
    let submitted = 0;
    const phone = (async () => {
      while (!stop && (await submitOne(runsBefore + submitted))) {
        submitted++;
        await new Promise((r) => setImmediate(r));
      }
    })();
    const submittedAtStep: number[] = [];
    const out = path.join(tmp, "backups", "snap.db");
    const started = performance.now();
    // Small steps. Halfway, the copy holds until the phone has had a result accepted since the first
    // step: how many arrive by themselves depends on how busy the machine is (none under a load of
    // 10), and the claim is that they can, with the copy open, not how fast.
    const r = await backupDatabase(sourceFile(), out, {
      pagesPerStep: 2,
      onProgress: ({ totalPages, remainingPages }) => {
        submittedAtStep.push(submitted);
        if (remainingPages < totalPages / 2 && submitted === submittedAtStep[0]) return "hold";
      },
    });
    const ms = performance.now() - started;
    stop = true;
    await phone;
    const runsAfter = runCount();

    // Many steps, with results accepted between them — and the copy restarted never.
    expect(r.steps).toBeGreaterThan(20);
    // At least one result accepted between the first and last step.
    expect(submittedAtStep.at(-1)! - submittedAtStep[0]).toBeGreaterThan(0);
    expect(runsAfter).toBeGreaterThan(runsBefore);
    // The backup is the snapshot at its start: none of the runs submitted during it, no half-written run.
    expect(r.integrity).toBe("ok");
    expect(r.counts).toEqual({ runs: runsBefore, scores: runsBefore, traces: runsBefore });
    expect(verifyDatabase(out).integrity).toBe("ok");
    expect(incompleteRuns(out)).toBe(0);
    expect(fs.existsSync(`${out}.partial`)).toBe(false);
    const copy = path.join(tmp, "opened.db");
    fs.copyFileSync(out, copy);
    expect(await analyticsOf(copy)).toEqual(before);
    expect(await analytics()).not.toEqual(before); // the source moved on meanwhile

    console.log(
      `backup: ${runsBefore} runs, ${r.totalPages} pages in ${r.steps} steps of 2 pages, ${ms.toFixed(0)} ms, ${runsAfter - runsBefore} results submitted during it`,
    );
  });

  it("refuses to overwrite an existing backup and names a missing source", async () => {
    const out = path.join(tmp, "b.db");
    fs.writeFileSync(out, "keep me");
    await expect(backupDatabase(sourceFile(), out)).rejects.toThrow(/already exists/);
    expect(fs.readFileSync(out, "utf8")).toBe("keep me");
    await expect(backupDatabase(path.join(tmp, "none.db"), path.join(tmp, "c.db"))).rejects.toThrow(
      /No database at .*none\.db/,
    );
  });
});

describe("restoreDatabase", () => {
  it("round-trips: backup → restore into a new path → the same analytics", async () => {
    await session("s", 10);
    for (let i = 0; await submitOne(i); i++);
    const before = await analytics();
    const out = path.join(tmp, "b.db");
    await backupDatabase(sourceFile(), out);
    const target = path.join(tmp, "restored", "harness-lab.db");
    const r = restoreDatabase(out, target);
    expect(r).toMatchObject({ integrity: "ok", counts: { runs: 40, scores: 40, traces: 40 } });
    expect(fs.readdirSync(path.dirname(target))).toEqual(["harness-lab.db"]); // no temp file left behind
    expect(await analyticsOf(target)).toEqual(before);
  });

  it("refuses a target another connection holds unless --force, and drops a stopped dashboard's WAL", async () => {
    await session("s", 2);
    for (let i = 0; await submitOne(i); i++);
    const out = path.join(tmp, "b.db");
    await backupDatabase(sourceFile(), out);

    // The live dashboard's own file.
    expect(checkInUse(sourceFile())).toMatchObject({ locked: true });
    expect(() => restoreDatabase(out, sourceFile())).toThrow(
      /Refusing to restore .*another process holds a lock on it.*--force/,
    );
    expect(incompleteRuns(sourceFile())).toBe(0);

    // Open but idle, its WAL empty: the lock still tells.
    const idle = path.join(tmp, "idle.db");
    fs.copyFileSync(out, idle);
    const other = new Database(idle);
    other.pragma("journal_mode = WAL");
    other.prepare("SELECT count(*) FROM runs").get();
    expect(checkInUse(idle)).toEqual({ walBytes: 0, locked: true });
    expect(() => restoreDatabase(out, idle)).toThrow(/another process holds a lock/);
    const forced = restoreDatabase(out, idle, { force: true });
    expect(forced.usage.locked).toBe(true);
    other.close();
    expect(checkInUse(idle)).toEqual({ walBytes: 0, locked: false });
    expect(verifyDatabase(idle).counts).toEqual({ runs: 8, scores: 8, traces: 8 });

    // A dashboard stopped without closing its connection (what `next start` does on Ctrl-C):
    // file and WAL as it left them, nobody holding them. Not in use; the old WAL goes with the file.
    const stopped = path.join(tmp, "stopped.db");
    await session("more", 1);
    for (let i = 0; await submitOne(i); i++);
    fs.copyFileSync(sourceFile(), stopped);
    fs.copyFileSync(`${sourceFile()}-wal`, `${stopped}-wal`);
    expect(fs.statSync(`${stopped}-wal`).size).toBeGreaterThan(0);
    const r = restoreDatabase(out, stopped);
    expect(r.usage).toMatchObject({ locked: false });
    expect(r.usage.walBytes).toBeGreaterThan(0);
    expect(fs.existsSync(`${stopped}-wal`)).toBe(false);
    expect(verifyDatabase(stopped).counts).toEqual({ runs: 8, scores: 8, traces: 8 });
  });

  it("refuses a corrupt or foreign backup and leaves the target as it was", async () => {
    await session("s", 5);
    for (let i = 0; await submitOne(i); i++);
    const good = path.join(tmp, "good.db");
    await backupDatabase(sourceFile(), good);
    const target = path.join(tmp, "target.db");
    fs.copyFileSync(good, target);
    const original = fs.readFileSync(target);

    const junk = path.join(tmp, "junk.db");
    fs.writeFileSync(junk, "this is not SQLite ".repeat(500));
    expect(() => restoreDatabase(junk, target)).toThrow(/junk\.db is not a usable database: file is not a database/);

    // A real backup with one page overwritten in the middle of the runs' b-trees.
    const damaged = path.join(tmp, "damaged.db");
    const bytes = fs.readFileSync(good);
    const pageSize = bytes.readUInt16BE(16);
    bytes.fill(0x5a, pageSize * 6, pageSize * 7);
    fs.writeFileSync(damaged, bytes);
    expect(() => restoreDatabase(damaged, target)).toThrow(BackupError);
    expect(() => restoreDatabase(damaged, target)).toThrow(
      /damaged\.db (failed PRAGMA integrity_check|is not a usable database)/,
    );

    const foreign = path.join(tmp, "foreign.db");
    new Database(foreign).exec("CREATE TABLE notes (x)").close();
    expect(() => restoreDatabase(foreign, target)).toThrow(/not a Harness Lab database/);

    expect(fs.readFileSync(target).equals(original)).toBe(true);
    expect(fs.readdirSync(tmp).filter((f) => f.includes(".restore-"))).toEqual([]);
  });
});

describe("npm run backup / restore", () => {
  const tsx = (script: string, ...args: string[]) =>
    spawnSync(path.join("node_modules", ".bin", "tsx"), [path.join("scripts", script), ...args], {
      encoding: "utf8",
      env: { ...process.env, DB_PATH: "" },
    });

  it("print what they did and exit non-zero with a message on failure", async () => {
    await session("s", 1);
    for (let i = 0; await submitOne(i); i++);
    const out = path.join(tmp, "cli.db");
    const b = tsx("backup.ts", "--db", sourceFile(), "--out", out);
    expect(b.status).toBe(0);
    expect(b.stdout).toMatch(/integrity_check: ok; runs 4, scores 4, traces 4/);
    const again = tsx("backup.ts", "--db", sourceFile(), "--out", out);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/^backup failed: .*already exists/);

    const target = path.join(tmp, "cli-restored.db");
    const r = tsx("restore.ts", "--from", out, "--db", target);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/restored .* integrity_check ok; runs 4/);
    const busy = tsx("restore.ts", "--from", out, "--db", sourceFile()); // held by this test's dashboard: another process
    expect(busy.status).toBe(1);
    expect(busy.stderr).toMatch(/^restore failed: Refusing to restore .*another process holds a lock/);
    const none = tsx("restore.ts");
    expect(none.status).toBe(1);
    expect(none.stderr).toMatch(/--from FILE/);
  });
});
