/**
 * The lint rule that keeps `src/domain` pure (eslint.config.mjs) must actually fire: each snippet
 * below is linted as if it were a domain file, and must be refused by the rule named; the same
 * code in the store (the one place all of it may go: one-door.test.ts) is allowed. Without this a
 * typo in a glob would silently switch the rule off.
 */
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "..", "..", "..");
const eslint = new ESLint({ cwd: root });

async function rulesFired(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.map((m) => m.ruleId ?? "(parse)");
}

const impure: [string, string, string][] = [
  ["the clock", "export const t = () => Date.now();", "no-restricted-syntax"],
  ["a clock-reading Date", "export const t = () => new Date();", "no-restricted-syntax"],
  ["chance", "export const r = () => Math.random();", "no-restricted-syntax"],
  ["the environment", "export const p = process.env.PORT;", "no-restricted-syntax"],
  ["Next.js", 'import { NextResponse } from "next/server";\nexport const x = NextResponse;', "no-restricted-imports"],
  ["the database", 'import Database from "better-sqlite3";\nexport const x = Database;', "no-restricted-imports"],
  ["drizzle", 'import { sql } from "drizzle-orm";\nexport const x = sql;', "no-restricted-imports"],
  ["a node: built-in", 'import fs from "node:fs";\nexport const x = fs;', "no-restricted-imports"],
  ["a bare built-in", 'import fs from "fs";\nexport const x = fs;', "no-restricted-imports"],
  [
    "a service",
    'import { claimJob } from "@/server/queue/claimJob";\nexport const x = claimJob;',
    "no-restricted-imports",
  ],
];

describe("src/domain stays pure (lint)", () => {
  it.each(impure)("refuses %s in src/domain", async (_what, code, rule) => {
    expect(await rulesFired(code, "src/domain/stats/example.ts")).toContain(rule);
  });

  it.each(impure)("allows %s in src/server/store", async (_what, code, rule) => {
    expect(await rulesFired(code, "src/server/store/example.ts")).not.toContain(rule);
  });

  it("allows pure code in src/domain", async () => {
    expect(
      await rulesFired(
        "export const add = (a: number, b: number) => a + b;\nexport const at = (now: number) => new Date(now);",
        "src/domain/stats/example.ts",
      ),
    ).toEqual([]);
  });
});
