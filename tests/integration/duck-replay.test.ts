/**
 * The analytics benchmark's baseline (scripts/bench/analyticsScale.ts): each service's own
 * statements, recorded on SQLite and replayed by DuckDB in memory over the same rows, must return
 * the very rows the service read, or the ratios in docs/benchmarks.md compare unequal work.
 * Checked for every endpoint the benchmark times on a small seeded database (two sessions, the
 * second partly done, so sessions, steps and pairs are not trivial), and the comparison itself must
 * notice a single wrong count or median.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDatabase, type SeedReport } from "../../scripts/lib/seedDb";
import { loadIntoDuck, type DuckBaseline } from "../../scripts/bench/duck/load";
import { baseline, endpoints } from "../../scripts/bench/analyticsScale";
import { differ } from "../../scripts/bench/duck/query";
import { AnalyticsFilter } from "@/domain/analytics/filter";
import { configAnalytics } from "@/server/analytics/configs";
import { sqliteDatabase } from "@/server/store/sqlite";

let seeded: SeedReport;
let duck: DuckBaseline;
let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "harness-lab-duck-"));
  // 24 tasks × 10 configs × 2 repeats = 480 runs per session: one full session and part of a second.
  seeded = await seedDatabase(path.join(dir, "seed.db"), { runs: 700, seed: 5, variants: 2, repeats: 2 });
  duck = await loadIntoDuck(sqliteDatabase(seeded.ctx.store));
}, 120_000);
afterAll(() => {
  duck?.close();
  if (seeded) sqliteDatabase(seeded.ctx.store).close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("the benchmark's DuckDB baseline replays the services' own statements", () => {
  it("for every analytics endpoint the benchmark times, with the same answers", async () => {
    const ctx = seeded.ctx;
    const list = await endpoints(ctx);
    expect(list.length).toBeGreaterThanOrEqual(20);
    for (const e of list) {
      const b = await baseline(ctx, ctx, duck.conn, e);
      expect("problem" in b ? b.problem : null, e[0]).toBeNull();
      // The replay runs again and still answers.
      if ("run" in b && b.run) expect(await b.run()).toBeDefined();
    }
    // Not vacuous: the selection has runs, passes and failures.
    const { configs } = await configAnalytics(ctx, AnalyticsFilter.parse({}));
    expect(configs.reduce((n, c) => n + c.runs, 0)).toBe(700);
    expect(configs.some((c) => c.passed > 0 && c.passed < c.runs)).toBe(true);
  }, 120_000);

  it("notices one count off, one median off, and a reordered ranking", () => {
    const a = { configs: [{ configId: "x", runs: 10, medianLoadMs: 812.5, tasks: ["a", "b"] }] };
    expect(differ(a, structuredClone(a))).toBeNull();
    expect(differ(a, { configs: [{ ...a.configs[0], runs: 11 }] })).toContain("runs");
    expect(differ(a, { configs: [{ ...a.configs[0], medianLoadMs: 812.6 }] })).toContain("812");
    // Rows whose order no engine defines compare as multisets: same items in another order are equal.
    expect(differ(a, { configs: [{ ...a.configs[0], tasks: ["b", "a"] }] })).toBeNull();
    expect(differ(new Map([["x", 1]]), new Map([["x", 2]]))).not.toBeNull();
    // Counts are exact even when large; doubles agree within 1e-6 (relative, or absolute near zero:
    // a difference of two nearly equal slopes keeps only the engines' rounding).
    expect(differ({ n: 1_000_000 }, { n: 1_000_001 })).not.toBeNull();
    expect(differ({ slope: 5.20209621, diff: 5.48496e-6 }, { slope: 5.202096215, diff: 5.4823e-6 })).toBeNull();
    expect(differ({ slope: 5.2021 }, { slope: 5.2022 })).not.toBeNull();
  });
});
