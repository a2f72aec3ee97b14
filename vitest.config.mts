import { defineConfig } from "vitest/config";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
// @ts-expect-error: a plain .mjs module shared with the scripts
import { findPgBin } from "./scripts/lib/pg-server.mjs";

const alias = {
  "@": path.resolve(import.meta.dirname, "src"),
  "@db": path.resolve(import.meta.dirname, "db"),
  // The protocol package's TypeScript source, as tsconfig `paths` maps it for tsc, tsx and Next.js.
  "@harness-lab/protocol": path.resolve(import.meta.dirname, "packages/protocol/src/index.ts"),
  // `server-only` throws outside a React server bundle; services are tested directly.
  "server-only": path.resolve(import.meta.dirname, "tests/support/server-only-stub.ts"),
};

/**
 * The second pass (issue 18.6): the integration tests that run a test dashboard
 * (tests/support/server.ts) run again with HL_TEST_ENGINE=postgres, on the throwaway PostgreSQL
 * server. Left out: what is SQLite's alone (its backups, its group commit, its bulk seed, the better-sqlite3
 * snapshot hook; PostgreSQL has its own tests in tests/integration/postgres), the files whose routes
 * touch no table (ENGINE_FREE), and the files still
 * waiting for a service not yet on PostgreSQL (PG_PENDING, named with the reason; HL_PG_ALL=1 runs
 * them anyway). Files that never start a dashboard would only run the same thing twice.
 */
// run-facts: its SQLite triggers read through better-sqlite3 (run-facts-engines covers both engines).
const SQLITE_ONLY = ["backup", "group-commit", "view-snapshot", "seed-equals-ingest", "run-facts"];
// Files that start a dashboard only to call a route that reads and writes no table: the same code
// would run twice. budget-tokenizer: POST /api/budget/count counts with the Gemma tokenizer in memory
// (its four loads of the 33 MB tokenizer.json were ~16 s of the PostgreSQL pass).
const ENGINE_FREE = ["budget-tokenizer"];
/** Files not yet passing on PostgreSQL, each with its reason (none now; HL_PG_ALL=1 runs them anyway). */
const PG_PENDING: Record<string, string> = {};

const integration = path.join(import.meta.dirname, "tests", "integration");
const dashboardFiles = fs
  .readdirSync(integration)
  .filter((f) => f.endsWith(".test.ts"))
  .filter((f) => /testDashboard|dashboardPerTest/.test(fs.readFileSync(path.join(integration, f), "utf8")))
  .map((f) => f.replace(/\.test\.ts$/, ""));
const pgAll = process.env.HL_PG_ALL === "1";
const pgFiles = dashboardFiles.filter(
  (f) => !SQLITE_ONLY.includes(f) && !ENGINE_FREE.includes(f) && (pgAll || !(f in PG_PENDING)),
);
const pgHere = process.env.HL_SKIP_POSTGRES !== "1" && !!findPgBin();
// Said once per run: the test workers load this file again, and inherit this variable.
const quiet = process.env.HL_PG_NOTICE_SHOWN === "1";
process.env.HL_PG_NOTICE_SHOWN = "1";
if (quiet) {
  // already said
} else if (!pgHere)
  console.warn(
    "▸ The PostgreSQL pass of the integration tests is skipped: " +
      (process.env.HL_SKIP_POSTGRES === "1"
        ? "HL_SKIP_POSTGRES=1"
        : "PostgreSQL is not installed here (apt-get install postgresql, or set PG_BIN)"),
  );
else if (!pgAll && Object.keys(PG_PENDING).length)
  console.warn(
    `▸ PostgreSQL pass: ${Object.keys(PG_PENDING).length} file(s) not run yet (HL_PG_ALL=1 runs them): ` +
      Object.entries(PG_PENDING)
        .map(([f, why]) => `${f} (${why})`)
        .join("; "),
  );

// Test files share their worker's module cache (isolate: false): importing the server stack again
// for each of ~250 files was most of Vitest's time (a full run took 287 s isolated, 226 s shared;
// 57 s against 21 s for the unit files alone). Every file sets up what it uses (its own test
// dashboard and database, its hooks reset in afterAll), and a full run passes with its files shuffled. A file that
// mocks a module (vi.mock) needs a module graph of its own, so the config finds those and runs them
// isolated, in the `isolated` project.
const unitDir = path.join(import.meta.dirname, "tests", "unit");
const unitFiles = (fs.readdirSync(unitDir, { recursive: true }) as string[])
  .filter((f) => f.endsWith(".test.ts"))
  .map((f) => `tests/unit/${f.split(path.sep).join("/")}`);
const mockingUnitFiles = unitFiles.filter((f) =>
  /\bvi\.(mock|doMock)\(/.test(fs.readFileSync(path.join(import.meta.dirname, f), "utf8")),
);
const pgGlobal = ["tests/support/pg-global.ts"];

export default defineConfig({
  resolve: { alias },
  test: {
    exclude: ["tests/e2e/**", "node_modules/**"],
    pool: "forks",
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core CI machine,
    // where most files wait on SQLite, PostgreSQL or a child process rather than on the CPU.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: { name: "unit", include: unitFiles, exclude: mockingUnitFiles, isolate: false },
      },
      {
        extends: true,
        // One throwaway PostgreSQL server for the run (skipped, with a notice, where there is none),
        // shared with the postgres project (tests/support/pg-global.ts starts it once).
        test: { name: "sqlite", include: ["tests/integration/**/*.test.ts"], globalSetup: pgGlobal, isolate: false },
      },
      ...(mockingUnitFiles.length
        ? [{ extends: true, test: { name: "isolated", include: mockingUnitFiles, isolate: true } }]
        : []),
      ...(pgHere
        ? [
            {
              extends: true,
              test: {
                name: "postgres",
                include: pgFiles.map((f) => `tests/integration/${f}.test.ts`),
                globalSetup: pgGlobal,
                isolate: false,
                env: { HL_TEST_ENGINE: "postgres" },
              },
            },
          ]
        : []),
    ],
  },
});
