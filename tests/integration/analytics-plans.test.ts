/**
 * Issue 22, ADR 11: no analytics statement may walk a whole index of run_facts or turn_facts that
 * does not cover it. SQLite's planner (no ANALYZE statistics, so its plans do not depend on the
 * table's size) took such a walk, with a row lookup per entry, when a covering index held the
 * filter columns: the progress view went from 290 ms to 560 ms at 100k runs. Each statement of
 * every benchmarked endpoint is explained here with its own parameters, under the default filter,
 * a session filter and a build filter.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDatabase, type SeedReport } from "../../scripts/lib/seedDb";
import { endpoints } from "../../scripts/bench/analyticsScale";
import { recordCall } from "../../scripts/bench/duck/replay";
import { AnalyticsFilter } from "@/domain/analytics/filter";
import { sqliteDatabase } from "@/server/store/sqlite";

let seeded: SeedReport;
let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "harness-lab-plans-"));
  seeded = await seedDatabase(path.join(dir, "seed.db"), { runs: 700, seed: 5, variants: 2, repeats: 2 });
}, 120_000);
afterAll(() => {
  sqliteDatabase(seeded.ctx.store).close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * Walks that are not that trap, each checked at 100k runs: the primary key walked for an
 * `ORDER BY r.id` (states, throttling, cost: the walk is the sort), and the family's
 * `SELECT DISTINCT session, config`, where SQLite jumps from one distinct pair of
 * run_facts_session to the next (1 ms at 100k runs).
 */
const EXPECTED = [
  "compare/family (vs baseline): SCAN r USING INDEX run_facts_session",
  "throttling: SCAN r USING INDEX sqlite_autoindex_run_facts_1",
  "cost: SCAN r USING INDEX sqlite_autoindex_run_facts_1",
  "states: SCAN r USING INDEX sqlite_autoindex_run_facts_1",
];

/** Plan steps that visit every entry of a non-covering index of the analytics tables (alias r). */
async function lookupWalks(f: AnalyticsFilter) {
  const db = sqliteDatabase(seeded.ctx.store);
  const found: string[] = [];
  let statements = 0;
  for (const [name, call] of await endpoints(seeded.ctx, f)) {
    const { statements: recorded } = await recordCall(seeded.ctx, () => call(seeded.ctx));
    statements += recorded.length;
    for (const s of recorded) {
      const steps = db.prepare(`EXPLAIN QUERY PLAN ${s.sql}`).all(...(s.params as unknown[])) as { detail: string }[];
      for (const { detail } of steps)
        if (/^SCAN r USING INDEX /.test(detail) && !/COVERING/.test(detail)) found.push(`${name}: ${detail}`);
    }
  }
  return { found, statements };
}

describe("analytics query plans", () => {
  it("never walk a whole non-covering index of run_facts or turn_facts", async () => {
    const sessions = (
      sqliteDatabase(seeded.ctx.store).prepare("SELECT id FROM sessions ORDER BY created_at").all() as { id: string }[]
    ).map((r) => r.id);
    const build = (
      sqliteDatabase(seeded.ctx.store).prepare("SELECT build_commit AS b FROM runs LIMIT 1").get() as { b: string }
    ).b;
    for (const f of [
      AnalyticsFilter.parse({}),
      AnalyticsFilter.parse({ sessions: [sessions[0]] }),
      AnalyticsFilter.parse({ build }),
    ]) {
      const { found, statements } = await lookupWalks(f);
      expect(statements).toBeGreaterThan(30);
      expect(found.filter((w) => !EXPECTED.includes(w))).toEqual([]);
    }
  }, 120_000);
});
