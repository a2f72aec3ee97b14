/**
 * Issue 18.4: every analytics read gives the same answer on SQLite and on PostgreSQL; issue 22 (ADR
 * 12): and on each with the analytics read from the columnar copy (DuckDB, the default) or from the
 * database itself (`(sql)`: ANALYTICS_ENGINE=sql, and what answers while the copy loads). The same
 * runs are written on each engine through the queue services (tests/support/analytics-engines.ts:
 * 15 runs over two configs, two tasks and two phones, one superseded, one session cancelled), with
 * the same ids; then each service's result is checked against numbers computed from the raw rows,
 * and the two engines' results are compared endpoint by endpoint (floats to 12 significant digits:
 * the engines sum doubles in different orders).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { AnalyticsFilter } from "@/domain/analytics/filter";
import { configAnalytics } from "@/server/analytics/configs";
import { outcomeAnalytics, taskGrid } from "@/server/analytics/grid";
import { ttftAnalytics, fitMoments } from "@/server/analytics/ttft";
import { ttftPoints } from "@/server/analytics/ttftPoints";
import { peakContextAnalytics } from "@/server/analytics/peakContext";
import { progressAnalytics } from "@/server/analytics/progress";
import { failureAnalytics } from "@/server/analytics/failures";
import { compareAnalytics } from "@/server/analytics/compare";
import { compareFamily, selectionConfigs } from "@/server/analytics/family";
import { stepAnalytics } from "@/server/analytics/steps";
import { proficiencyAnalytics } from "@/server/analytics/proficiency";
import { throttlingAnalytics } from "@/server/analytics/throttling";
import { costAnalytics } from "@/server/analytics/cost";
import { stateAnalytics } from "@/server/analytics/states";
import { trajectoryAnalytics, transitionAnalytics } from "@/server/analytics/transitions";
import { planEvidence } from "@/server/analytics/plan";
import { describeSelection } from "@/server/analytics/describeSelection";
import { resolveSelection } from "@/server/analytics/resolveSelection";
import { figureFacts } from "@/server/analytics/figureFacts";
import { filterOptions } from "@/server/analytics/filterOptions";
import { configUniverse } from "@/server/analytics/configUniverse";
import { selectionConfigIds } from "@/server/analytics/selectionConfigIds";
import { measuredByConfig } from "@/server/budget/measured";
import { runGate } from "@/server/gate/runGate";
import { methodsFacts } from "@/server/report/methodsFacts";
import { failingRuns } from "@/server/report/failingRuns";
import type { Ctx } from "@/server/context";
import { ENGINES, engineMissing, makeStore, type Engine, type QueueHarness } from "../support/queue-engines";
import { seedLab } from "../support/analytics-engines";
import { mirrorStatus } from "../support/columnar";
import { rounded } from "../support/rounded";

/** Every analytics service over the seeded lab, by endpoint. */
async function answers(ctx: Ctx, lab: { main: string; late: string }) {
  const all = AnalyticsFilter.parse({ allSessions: true });
  const main = AnalyticsFilter.parse({ sessions: [lab.main] });
  const files = { config: "files" };
  const bash = { config: "bash" };
  return {
    configs: await configAnalytics(ctx, all),
    configsWithSuperseded: await configAnalytics(ctx, { ...all, includeSuperseded: true, charging: false }),
    grid: await taskGrid(ctx, all),
    outcomes: await outcomeAnalytics(ctx, all),
    ttft: await ttftAnalytics(ctx, all),
    ttftLoads: await ttftAnalytics(ctx, all, "all"),
    fitMoments: await fitMoments(ctx, main, "loads"),
    points: await ttftPoints(ctx, all, "all"),
    pointsSampled: await ttftPoints(ctx, all, "turns", 5),
    context: await peakContextAnalytics(ctx, all),
    progress: await progressAnalytics(ctx, all),
    failures: await failureAnalytics(ctx, all),
    compare: await compareAnalytics(ctx, main, files, bash),
    compareSessions: await compareAnalytics(
      ctx,
      all,
      { config: "files", session: lab.main },
      { config: "files", session: lab.late },
    ),
    family: await compareFamily(ctx, main, "baseline"),
    selectionConfigs: await selectionConfigs(ctx, all),
    steps: await stepAnalytics(ctx, all, []),
    proficiency: await proficiencyAnalytics(ctx, all),
    throttling: await throttlingAnalytics(ctx, all),
    cost: await costAnalytics(ctx, all),
    states: await stateAnalytics(ctx, all),
    transitions: await transitionAnalytics(ctx, main, files, bash),
    trajectories: await trajectoryAnalytics(ctx, main, files, bash),
    plan: await planEvidence(ctx, main),
    selection: await describeSelection(ctx, await resolveSelection(ctx, all)),
    defaultSelection: await resolveSelection(ctx, AnalyticsFilter.parse({})),
    figureFacts: await figureFacts(ctx, await resolveSelection(ctx, all)),
    filterOptions: await filterOptions(ctx),
    configUniverse: await configUniverse(ctx),
    selectionConfigIds: await selectionConfigIds(ctx, all),
    measured: [...(await measuredByConfig(ctx, all, "mini"))],
    gate: await runGate(ctx, { baseline: `${lab.main}:files`, candidate: `${lab.main}:bash`, alpha: 0.05 }, "http://x"),
    methods: await methodsFacts(ctx, all),
    failingRuns: await failingRuns(ctx, all),
  };
}
type Answers = Awaited<ReturnType<typeof answers>>;

const RawRun = z.object({
  config: z.string(),
  passed: z.union([z.boolean(), z.number()]).transform(Boolean),
  load: z.coerce.number(),
});
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

type Variant = Engine | "sqlite (sql)" | "postgres (sql)";
const VARIANTS: Variant[] = [...ENGINES, "sqlite (sql)", "postgres (sql)"];
const engineOf = (v: Variant): Engine => (v.startsWith("postgres") ? "postgres" : "sqlite");
const copied = (v: Variant) => !v.endsWith("(sql)");
const results = new Map<Variant, Answers>();

describe.each(VARIANTS)("analytics on %s", (variant) => {
  const engine = engineOf(variant);
  let h: QueueHarness | undefined;
  let got: Answers;
  let raw: z.output<typeof RawRun>[];
  beforeAll(async () => {
    if (engineMissing(engine)) return;
    h = await makeStore(engine, { columnar: copied(variant) });
    // The same ids on both engines, so results that name runs and sessions compare equal.
    let n = 0;
    h.ctx.newId = (prefix) => `${prefix}_${String(++n).padStart(8, "0")}`;
    const lab = await seedLab(h);
    got = await answers(h.ctx, lab);
    results.set(variant, got);
    raw = await h.ctx.store.sql.all(
      RawRun,
      `SELECT r.config_id AS "config", sc.passed AS "passed", sc.load_ms AS "load" FROM runs r JOIN scores sc ON sc.run_id = r.id
        WHERE sc.current = TRUE AND r.superseded = FALSE ORDER BY r.id`,
    );
  });
  afterAll(async () => h?.close());

  it.skipIf(engineMissing(engine))("counts runs and passes per config, and takes medians, as the raw rows say", () => {
    expect(raw).toHaveLength(14);
    for (const config of ["files", "bash"]) {
      const mine = raw.filter((r) => r.config === config);
      const row = got.configs.configs.find((c) => c.configId === config)!;
      expect(row.runs).toBe(7);
      expect(row.passed).toBe(mine.filter((r) => r.passed).length);
      expect(row.medianLoadMs).toBe(median(mine.map((r) => r.load)));
    }
    expect(got.configsWithSuperseded.configs.reduce((s, c) => s + c.runs, 0)).toBeGreaterThan(0);
    expect(got.filterOptions.configs).toEqual(["bash", "files"]);
    expect(got.configUniverse.slice(0, 2)).toEqual(["files", "bash"]);
    expect(got.points.total).toBe(got.points.shown);
    expect(got.pointsSampled).toMatchObject({ shown: 5, sampled: true });
    expect(got.plan.pairedRuns).toBe(6);
    expect(got.methods.scoredRuns).toBe(14);
    // A figure's caption counts the runs the configs count, the tasks they cover and the three sessions.
    expect(got.figureFacts).toMatchObject({ runs: 14, tasks: 2, allSessions: true });
    expect(got.figureFacts.sessions).toHaveLength(3);
    expect(got.figureFacts.lastRunAt).toEqual(expect.any(Number));
    expect(got.gate.compareUrl).toContain("http://x/analytics/compare?");
  });

  it.skipIf(engineMissing(engine))("reads the columnar copy by default, and the database when told", async () => {
    const facts = await h!.ctx.store.facts();
    expect(facts.dialect).toBe(copied(variant) ? "duckdb" : engine);
    // Every statement above was answered by the engine named: none fell back to the database.
    if (copied(variant)) expect(mirrorStatus(h!.ctx)).toMatchObject({ state: "ready", fallbacks: 0, reloads: 0 });
    else expect(mirrorStatus(h!.ctx)).toBeNull();
  });
});

describe("analytics on every engine", () => {
  const both = ENGINES.every((e) => !engineMissing(e));
  const keys: (keyof Answers)[] = [
    "configs", "configsWithSuperseded", "grid", "outcomes", "ttft", "ttftLoads", "fitMoments", "points", "pointsSampled",
    "context", "progress", "failures", "compare", "compareSessions", "family", "selectionConfigs", "steps", "proficiency",
    "throttling", "cost", "states", "transitions", "trajectories", "plan", "selection", "defaultSelection", "filterOptions",
    "figureFacts", "configUniverse", "selectionConfigIds", "measured", "gate", "methods", "failingRuns",
  ]; // prettier-ignore
  it.skipIf(!both).each(keys)("%s: the same answer on PostgreSQL", (key) => {
    expect(rounded(results.get("postgres")![key])).toEqual(rounded(results.get("sqlite")![key]));
  });
  it.each(keys)("%s: the same answer from the columnar copy as from SQLite", (key) => {
    expect(rounded(results.get("sqlite")![key])).toEqual(rounded(results.get("sqlite (sql)")![key]));
  });
  it.skipIf(!both).each(keys)("%s: the same answer from the columnar copy as from PostgreSQL", (key) => {
    expect(rounded(results.get("postgres")![key])).toEqual(rounded(results.get("postgres (sql)")![key]));
  });
});
