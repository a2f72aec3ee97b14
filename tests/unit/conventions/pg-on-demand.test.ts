/**
 * The `pg` driver is loaded only when DATABASE_URL chooses PostgreSQL (issue 18.1): nothing a
 * SQLite dashboard imports may import it statically. The driver is reached through db/pg-client.ts
 * (drizzle's node-postgres driver imports `pg`) and src/server/store/pg/, and those only through
 * the dynamic `import("./store/pg")` in src/server/context.ts.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { staticImports } from "../../support/imports";

const root = path.resolve(__dirname, "..", "..", "..");
const PG_MODULES =
  /^(pg|pg-pool|drizzle-orm\/node-postgres(\/.*)?|@db\/pg-client|.*\/pg-client|.*\/store\/pg(\/.*)?|\.\/pg(\/.*)?)$/;
/** Files that are themselves the PostgreSQL side. */
const ON_DEMAND = (rel: string) => rel === "db/pg-client.ts" || rel.startsWith("src/server/store/pg/");

function files(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return files(rel);
    return /\.(ts|tsx|mts|mjs)$/.test(e.name) ? [rel] : [];
  });
}

describe("the pg driver is loaded on demand only", () => {
  it("finds a static import of pg (the check can fail)", () => {
    expect(
      staticImports('import pg from "pg";\nimport type { Pool } from "pg";\nconst x = await import("pg");'),
    ).toEqual(["pg"]);
  });

  it("is imported statically by no file of the SQLite dashboard", () => {
    const offenders = ["app", "src", "server", "db", "instrumentation.ts"]
      .flatMap((d) => (d.endsWith(".ts") ? (fs.existsSync(path.join(root, d)) ? [d] : []) : files(d)))
      .filter((rel) => !ON_DEMAND(rel))
      .flatMap((rel) =>
        staticImports(fs.readFileSync(path.join(root, rel), "utf8"))
          .filter((spec) => PG_MODULES.test(spec))
          .map((spec) => `${rel} imports ${spec}`),
      );
    expect(offenders).toEqual([]);
  });
});
