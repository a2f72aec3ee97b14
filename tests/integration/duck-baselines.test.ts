/**
 * Issue 22's benchmark baseline (scripts/bench/duck/baselines*.ts): DuckDB, in memory, over the
 * same rows, must return the very numbers each analytics service returns, or the ratios in
 * docs/benchmarks.md compare unequal work. Checked on a small seeded database (two sessions, the
 * second partly done, so sessions, steps and pairs are not trivial), and the comparison itself
 * must notice a single wrong count or median.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDatabase, type SeedReport } from "../../scripts/lib/seedDb";
import { loadIntoDuck, type DuckBaseline } from "../../scripts/bench/duck/load";
import * as duckA from "../../scripts/bench/duck/baselines";
import * as duckB from "../../scripts/bench/duck/baselines2";
import * as duckC from "../../scripts/bench/duck/baselines3";
import { differ } from "../../scripts/bench/duck/query";
import { AnalyticsFilter } from "@/domain/analytics/filter";
import { configAnalytics } from "@/server/analytics/configs";
import { outcomeAnalytics, taskGrid } from "@/server/analytics/grid";
import { fitMoments, ttftAnalytics } from "@/server/analytics/ttft";
import { ttftPoints } from "@/server/analytics/ttftPoints";
import { peakContextAnalytics } from "@/server/analytics/peakContext";
import { progressAnalytics } from "@/server/analytics/progress";
import { failureAnalytics } from "@/server/analytics/failures";
import { compareAnalytics } from "@/server/analytics/compare";
import { compareFamily, selectionConfigs } from "@/server/analytics/family";
import { stepAnalytics } from "@/server/analytics/steps";
import { proficiencyAnalytics } from "@/server/analytics/proficiency";
import { measuredByConfig } from "@/server/budget/measured";
import { throttlingAnalytics } from "@/server/analytics/throttling";
import { costAnalytics } from "@/server/analytics/cost";
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

const f = AnalyticsFilter.parse({});

describe("DuckDB baselines compute the services' numbers", () => {
  it("for every analytics figure of issue 22", async () => {
    const ctx = seeded.ctx;
    const [c0, c1] = await selectionConfigs(ctx, f);
    const suiteId = seeded.suite.id;
    const cases: [string, unknown, unknown][] = [
      ["configs", await configAnalytics(ctx, f), await duckA.configs(duck.conn)],
      ["grid", await taskGrid(ctx, f), await duckA.taskGrid(duck.conn)],
      ["outcomes", await outcomeAnalytics(ctx, f), await duckA.outcomes(duck.conn)],
      ["ttft", await ttftAnalytics(ctx, f), await duckA.ttft(duck.conn)],
      ["ttft points", await ttftPoints(ctx, f), await duckA.ttftPoints(duck.conn)],
      ["context", await peakContextAnalytics(ctx, f), await duckA.context(duck.conn)],
      ["progress", await progressAnalytics(ctx, f), await duckA.progress(duck.conn)],
      ["failures", await failureAnalytics(ctx, f), await duckA.failures(duck.conn)],
      [
        "compare",
        await compareAnalytics(ctx, f, { config: c0 }, { config: c1 }),
        await duckB.compare(duck.conn, c0, c1),
      ],
      ["family", await compareFamily(ctx, f, "baseline"), await duckB.family(duck.conn, "baseline")],
      ["steps", await stepAnalytics(ctx, f, []), await duckB.steps(duck.conn)],
      ["proficiency", await proficiencyAnalytics(ctx, f), await duckB.proficiency(duck.conn)],
      [
        "budget",
        [await fitMoments(ctx, f), await measuredByConfig(ctx, f, suiteId)],
        await duckB.budget(duck.conn, suiteId),
      ],
      ["context (sampled)", await peakContextAnalytics(ctx, f, 40), await duckA.context(duck.conn, 40)],
      ["throttling", await throttlingAnalytics(ctx, f), await duckC.throttling(duck.conn)],
      ["cost", await costAnalytics(ctx, f), await duckC.cost(duck.conn)],
    ];
    for (const [name, service, baseline] of cases) expect(differ(service, baseline), name).toBeNull();
    // Not vacuous: the selection has runs, passes and failures, pairs and several sessions.
    const configs = (cases[0][1] as { configs: { runs: number; passed: number }[] }).configs;
    expect(configs.reduce((n, c) => n + c.runs, 0)).toBe(700);
    expect(configs.some((c) => c.passed > 0 && c.passed < c.runs)).toBe(true);
    expect((cases[10][1] as { pairs: unknown[] }).pairs.length).toBeGreaterThan(10);
    const named = new Map(cases.map(([name, service]) => [name, service]));
    expect(named.get("context (sampled)")).toMatchObject({ shown: 40, sampled: true });
    const devices = (named.get("throttling") as { devices: { decode: unknown }[] }).devices;
    expect(devices.filter((d) => d.decode !== null).length).toBeGreaterThan(0);
    const cost = (named.get("cost") as { configs: { battery: unknown }[] }).configs;
    expect(cost.filter((c) => c.battery !== null).length).toBeGreaterThan(0);
  }, 60_000);

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
