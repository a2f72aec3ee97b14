import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { createContext } from "@/server/context";
import { loadRepositorySuites } from "@/server/boot";
import { sqliteDatabase } from "@/server/store/sqlite";

const fixture = path.join(__dirname, "..", "fixtures", "suite-import", "notes-search.json");
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe("a repository suite with a milestone no plain end-state fixture can show", () => {
  it("is loaded at start-up, with its warning reported", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "harness-lab-suites-"));
    dirs.push(dir);
    fs.copyFileSync(fixture, path.join(dir, "notes-search.json"));
    const ctx = createContext(path.join(dir, "test.db"));
    const boot = await loadRepositorySuites(ctx, dir);
    expect(boot.problems).toEqual([]);
    expect(boot.loaded).toEqual(["notes-search@1"]);
    expect(boot.warnings).toEqual([
      expect.stringMatching(
        /^notes-search\.json: task `passport-reminder`, milestone `searched` \(searched the notes\) depends on tool calls/,
      ),
    ]);
    sqliteDatabase(ctx.store).close();
  });

  it("passes `npm run suite:check`, which prints the warning", () => {
    const out = execFileSync(process.execPath, ["--import", "tsx", "scripts/suite-check.ts", fixture], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
    expect(out).toContain("notes-search v1, 1 tasks, 3 fixtures, 0 judged wrongly, 1 warning");
  });
});
