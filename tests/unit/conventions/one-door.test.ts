/**
 * The lint rule that keeps the data behind one door (eslint.config.mjs, DESIGN.md § Storage) must
 * actually fire: a driver, drizzle or db/ loaded outside src/server/store, db/, scripts/ and tests/
 * is refused, by import, `import()` or `require()`, and so is an engine's adapter outside the store
 * (src/server/context.ts builds them). Without this a typo in a glob would silently switch it off.
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

const loads: [string, string, string][] = [
  ["better-sqlite3", 'import Database from "better-sqlite3";\nexport const x = Database;', "no-restricted-imports"],
  ["pg, as a type", 'import type { Pool } from "pg";\nexport type X = Pool;', "no-restricted-imports"],
  ["pg-cursor", 'import Cursor from "pg-cursor";\nexport const x = Cursor;', "no-restricted-imports"],
  ["drizzle-orm", 'import { sql } from "drizzle-orm";\nexport const x = sql;', "no-restricted-imports"],
  [
    "a drizzle driver",
    'import { drizzle } from "drizzle-orm/better-sqlite3";\nexport const x = drizzle;',
    "no-restricted-imports",
  ],
  ["@db/*", 'import { runs } from "@db/schema";\nexport const x = runs;', "no-restricted-imports"],
  [
    "db/ by a relative path",
    'import { openDb } from "../../db/client";\nexport const x = openDb;',
    "no-restricted-imports",
  ],
  ["pg through import()", 'export const load = () => import("pg");', "no-restricted-syntax"],
  ["better-sqlite3 through require()", 'export const load = () => require("better-sqlite3");', "no-restricted-syntax"],
  [
    "the SQLite adapter",
    'import { sqliteDatabase } from "@/server/store/sqlite";\nexport const x = sqliteDatabase;',
    "no-restricted-imports",
  ],
  [
    "the PostgreSQL adapter",
    'import type { PgStore } from "../store/pg";\nexport type X = PgStore;',
    "no-restricted-imports",
  ],
];

describe("the data has one door (lint)", () => {
  for (const file of [
    "src/server/analytics/example.ts",
    "src/components/example.tsx",
    "app/api/example/route.ts",
    "server/example.ts",
    "src/server/scoring/example-worker.mjs",
  ])
    it.each(loads)(`refuses %s in ${file}`, async (_what, code, rule) => {
      expect(await rulesFired(code, file)).toContain(rule);
    });

  for (const file of ["src/server/store/sqlite/example.ts", "db/example.ts", "scripts/example.ts", "tests/example.ts"])
    it.each(loads)(`allows %s in ${file}`, async (_what, code, rule) => {
      expect(await rulesFired(code, file)).not.toContain(rule);
    });

  it("lets src/server/context.ts build the adapters, and nothing more", async () => {
    const file = "src/server/context.ts";
    expect(
      await rulesFired(
        'import { createSqliteStore } from "./store/sqlite";\nexport const x = createSqliteStore;',
        file,
      ),
    ).toEqual([]);
    expect(await rulesFired('import { openDb } from "@db/client";\nexport const x = openDb;', file)).toContain(
      "no-restricted-imports",
    );
  });

  it("lets a service import the store's interface and its shared parts", async () => {
    const code =
      'import type { Store } from "../store/types";\nimport { int } from "../store/columns";\nexport type X = Store;\nexport const y = int;';
    expect(await rulesFired(code, "src/server/analytics/example.ts")).toEqual([]);
  });
});
