/** Issue 14: a suite is capped in tasks, configs, fixtures, checks and milestones; over a cap is a 400 saying the limit. */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUITE_LIMITS } from "@/domain/suite/schema";
import { fixtureResults } from "@/server/suites/fixtureResults";
import { testDashboard, type TestDashboard } from "../support/server";

const mini = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "fixtures", "suites", "mini.json"), "utf8"));
let dash: TestDashboard;
beforeAll(async () => void (dash = await testDashboard()));
afterAll(() => dash.close());

const withTasks = (n: number) => ({
  ...structuredClone(mini),
  id: "many",
  tasks: Array.from({ length: n }, (_, i) => ({ ...mini.tasks[1], id: `sum-${i}` })),
});
const suites = () => dash.count("SELECT count(*) AS n FROM suites");
const post = (suite: unknown) => dash.call("POST", "/api/suites", { json: suite });

describe("suite caps", () => {
  it("a suite at the task cap imports", async () => {
    expect((await post(withTasks(SUITE_LIMITS.tasks))).status).toBe(201);
  });

  it("one task over the cap is a 400 naming the limit, nothing stored", async () => {
    const before = await suites();
    const r = await post({ ...withTasks(SUITE_LIMITS.tasks + 1), id: "too-many" });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe("invalid_suite");
    expect(r.body.error.issues).toEqual([{ path: "tasks", message: expect.stringContaining("at most 1,000 tasks") }]);
    expect(await suites()).toBe(before);
  });

  it("the 55,000-task suite of the attack is refused at once instead of blocking the server", async () => {
    const started = performance.now();
    const tiny = (i: number) => ({
      id: `t${i}`,
      version: 1,
      group: "no_files",
      prompt: "x",
      workspace: { files: [] },
      checks: [{ kind: "reply_regex", pattern: "x" }],
      fixtures: [],
    });
    const r = await post({
      ...structuredClone(mini),
      id: "attack",
      tasks: Array.from({ length: 55_000 }, (_, i) => tiny(i)),
    });
    const ms = performance.now() - started;
    expect(r.status).toBe(400);
    expect(r.body.error.issues[0].message).toContain("this one has 55,000");
    expect(ms).toBeLessThan(3_000); // ~11 s of validation before the cap (most of what is left is reading the 9 MB body)
  });

  it("configs, fixtures, checks and milestones over their caps are 400s at their paths, saying the limit", async () => {
    const s = structuredClone(mini);
    s.id = "over";
    s.configs = Array.from({ length: SUITE_LIMITS.configs + 1 }, (_, i) => ({ ...mini.configs[0], id: `c${i}` }));
    s.tasks[1].fixtures = Array(SUITE_LIMITS.fixtures + 1).fill(mini.tasks[1].fixtures[1]);
    s.tasks[1].checks = Array(SUITE_LIMITS.checks + 1).fill(mini.tasks[1].checks[0]);
    s.tasks[0].milestones = Array.from({ length: SUITE_LIMITS.milestones + 1 }, (_, i) => ({
      ...mini.tasks[0].milestones[0],
      id: `m${i}`,
    }));
    const r = await post(s);
    expect(r.status).toBe(400);
    const byPath = Object.fromEntries(
      r.body.error.issues.map((i: { path: string; message: string }) => [i.path, i.message]),
    );
    expect(byPath.configs).toContain("at most 100 configs");
    expect(byPath["tasks.1.fixtures"]).toContain("at most 50 fixtures");
    expect(byPath["tasks.1.checks"]).toContain("at most 100 checks");
    expect(byPath["tasks.0.milestones"]).toContain("at most 100 milestones");
  });
});

describe("the suite page's fixture verdicts", () => {
  it("are run once per suite version, not on every view of a cap-sized suite", () => {
    const big = withTasks(SUITE_LIMITS.tasks);
    const first = fixtureResults(big);
    expect(first).toHaveLength(2 * SUITE_LIMITS.tasks);
    const started = performance.now();
    expect(fixtureResults(big)).toBe(first);
    expect(performance.now() - started).toBeLessThan(50);
    const next = fixtureResults({ ...big, version: big.version + 1 });
    expect(next).not.toBe(first);
    expect(next).toEqual(first);
  });
});
