/**
 * `npm run backup` / `npm run restore` on a PostgreSQL database (issue 18.5): they copy SQLite files
 * only, so they refuse with the pg_dump / pg_restore commands to run instead, exit code 2, before
 * better-sqlite3 is loaded or any file touched. Each script runs in an empty directory with a
 * preload that makes loading better-sqlite3 throw.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

const root = path.join(__dirname, "..", "..");
const forbid = path.join(root, "tests", "support", "forbid-better-sqlite3.cjs");
const PG = "postgres://lab:s3cret@127.0.0.1:5432/harness_lab";

let tmp: string;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "harness-lab-pgbackup-"));
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** The script, from an empty working directory (its default ./data paths land there), driver forbidden. */
const run = (script: string, args: string[], env: Record<string, string>) =>
  spawnSync(path.join(root, "node_modules", ".bin", "tsx"), [path.join(root, "scripts", script), ...args], {
    cwd: tmp,
    encoding: "utf8",
    env: { ...process.env, DB_PATH: "", DATABASE_URL: "", NODE_OPTIONS: `--require=${forbid}`, ...env },
  });

const listing = () => fs.readdirSync(tmp, { recursive: true }).sort();

describe("npm run backup / restore with PostgreSQL", () => {
  it("backup with a postgres DATABASE_URL refuses with the pg_dump and pg_restore commands, exit 2, no file", () => {
    const r = run("backup.ts", [], { DATABASE_URL: PG });
    expect(r.stderr).toMatch(/^Refusing to backup: DATABASE_URL points at PostgreSQL.*embedded SQLite database only/);
    expect(r.stderr).toMatch(/pg_dump --format=custom --file=harness-lab-\d{8}\.dump "\$DATABASE_URL"/);
    expect(r.stderr).toMatch(/pg_restore --clean --if-exists --dbname "\$DATABASE_URL" harness-lab-\d{8}\.dump/);
    expect(r.stderr).not.toMatch(/s3cret/); // the URL's password is not echoed
    expect(r.status).toBe(2);
    expect(listing()).toEqual([]);
  });

  it("backup --db postgresql://… refuses the same way, even without DATABASE_URL, and writes no --out", () => {
    const out = path.join(tmp, "out.db");
    const r = run("backup.ts", ["--db", PG.replace("postgres:", "postgresql:"), "--out", out], {});
    expect(r.stderr).toMatch(/^Refusing to backup: --db names a PostgreSQL database/);
    expect(r.stderr).toMatch(/set DATABASE_URL to that URL first/);
    expect(r.status).toBe(2);
    expect(listing()).toEqual([]);
  });

  it("restore with a postgres DATABASE_URL refuses with pg_restore, exit 2, leaving the backup as it was", () => {
    const from = path.join(tmp, "backup.db");
    fs.writeFileSync(from, "not opened");
    const r = run("restore.ts", ["--from", from], { DATABASE_URL: PG });
    expect(r.stderr).toMatch(/^Refusing to restore: DATABASE_URL points at PostgreSQL/);
    expect(r.stderr).toMatch(/pg_restore --clean --if-exists --dbname "\$DATABASE_URL" harness-lab-\d{8}\.dump/);
    expect(r.status).toBe(2);
    expect(listing()).toEqual(["backup.db"]);
    expect(fs.readFileSync(from, "utf8")).toBe("not opened");
  });

  it("an explicit --db path is a SQLite file whatever DATABASE_URL says, and the preload catches the driver", () => {
    // The control for the tests above: on the SQLite path the script does load better-sqlite3, and
    // the preload turns that into a failure, so their passing means the driver stayed unloaded.
    const r = run("backup.ts", ["--db", path.join(tmp, "x.db"), "--out", path.join(tmp, "y.db")], {
      DATABASE_URL: PG,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/better-sqlite3 was loaded \(forbidden by the test\)/);
    expect(listing()).toEqual([]);
  });
});
