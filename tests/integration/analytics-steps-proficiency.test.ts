import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { dashboardPerTest, runQueue, type TestDashboard } from "../support/server";
import { AnalyticsFilter } from "@/domain/analytics/filter";
import { compareFamily } from "@/server/analytics/family";

let dash: TestDashboard;
let token: string;
dashboardPerTest((d, t) => ((dash = d), (token = t)));

const runAll = (shape: (job: any) => object) => runQueue(dash, token, shape);

/** The mini suite under another id with a third config that manages its context ("staged"). */
async function importSuite() {
  const mini = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "fixtures", "suites", "mini.json"), "utf8"));
  const staged = {
    ...mini.configs[0],
    id: "staged",
    label: "File tools, staged context",
    components: { ...mini.configs[0].components, context: "staged" },
  };
  const r = await dash.call("POST", "/api/suites", {
    json: { ...mini, id: "mini-ctx", configs: [...mini.configs, staged] },
  });
  expect(r.status).toBe(201);
}

const todo = [
  { path: "/notes/health.md", content: "Dentist: Tuesday 14 March at 10:30, Dr. Lee.\n" },
  { path: "/todo.md", content: "- [ ] buy milk\n- [ ] Dentist 14 March 10:30\n" },
];
const write = {
  name: "bash",
  args: { command: "echo >> /todo.md" },
  ok: true,
  changes: [{ path: "/todo.md", content: todo[1].content }],
};
const turn = (extra: object = {}) => ({
  promptTokens: 45,
  contextTokens: 380,
  ttftMs: 320,
  outputTokens: 40,
  decodeMs: 2000,
  text: "…",
  toolCalls: [],
  ...extra,
});

/**
 * Session 1 (3 repeats): files passes sum, fails the todo; bash passes the todo (two writes to
 * /todo.md: one re-patch) and sum on repeats 1–2; staged fails both, elides once per run, its
 * sum repeat 1 ends with the context full and its todo repeat 2 logs an overflow and a summary.
 */
function session1(job: any) {
  const sum = job.task.id === "sum";
  if (job.config.id === "files") return sum ? { reply: "31" } : { reply: "Done." };
  if (job.config.id === "bash")
    return sum
      ? { reply: job.repeat < 3 ? "31" : "29" }
      : { reply: "Added.", workspace: { files: todo }, turns: [turn({ toolCalls: [write, write] })] };
  const events = [{ kind: "elide", tokensBefore: 900, tokensAfter: 500 }];
  if (!sum && job.repeat === 2)
    events.push(
      { kind: "overflow", tokensBefore: 2100, tokensAfter: 2100 },
      { kind: "summarize", tokensBefore: 900, tokensAfter: 300 },
    );
  return {
    reply: sum ? "29" : "Done.",
    turns: [turn({ contextEvents: events })],
    end: { reason: sum && job.repeat === 1 ? "context_full" : "stop" },
  };
}

async function twoSessions() {
  await importSuite();
  const s1 = (
    await dash.call("POST", "/api/sessions", {
      json: {
        name: "all three",
        suite: "mini-ctx",
        configs: ["files", "bash", "staged"],
        tasks: "all",
        repeats: 3,
        order: "blocked",
      },
    })
  ).body.session.id;
  await runAll(session1);
  dash.advance(60_000);
  const s2 = (
    await dash.call("POST", "/api/sessions", {
      json: { name: "bash again", suite: "mini-ctx", configs: ["bash"], tasks: "all", repeats: 2, order: "blocked" },
    })
  ).body.session.id;
  await runAll((job) =>
    job.task.id === "sum"
      ? { reply: "31", load: { startupTokens: 300, ms: 2000 } }
      : { reply: "Done.", load: { startupTokens: 300, ms: 2400 } },
  );
  return { s1, s2 };
}

describe("GET /api/analytics/proficiency", () => {
  it("gives pass@1, pass^3, re-patches and tokens per config, and context numbers only for the staged config", async () => {
    const { s1, s2 } = await twoSessions();
    const r = await dash.call("GET", `/api/analytics/proficiency?session=${s1}`);
    expect(r.status).toBe(200);
    const byId = Object.fromEntries(r.body.configs.map((c: { configId: string }) => [c.configId, c]));
    // bash: sum 2/3 (pass@1 2/3, pass^3 0), todo 3/3 (1, 1) → 5/6 and 1/2.
    expect(byId.bash.passAt1).toBeCloseTo(5 / 6, 12);
    expect(byId.bash.passHatK).toBeCloseTo(0.5, 12);
    expect(byId.bash).toMatchObject({
      k: 3,
      tasks: 2,
      tasksWithK: 2,
      runs: 6,
      repatchesPerRun: 0.5,
      outputTokensPerRun: 40,
      promptTokensPerRun: 45,
    });
    expect(byId.files).toMatchObject({ passAt1: 0.5, passHatK: 0.5, repatchesPerRun: 0 });
    expect(byId.staged).toMatchObject({ passAt1: 0, passHatK: 0 });
    expect(r.body.context).toHaveLength(1);
    expect(r.body.context[0]).toMatchObject({
      configId: "staged",
      context: "staged",
      runs: 6,
      overflowRuns: 2,
      elide: 6,
      summarize: 1,
      recall: 0,
    });
    expect(r.body.context[0].overflowRate).toBeCloseTo(1 / 3, 12);

    // With both sessions bash has 10 runs and k is the larger repeats setting (3): the todo
    // has 3/5 → pass^3 = (3·2·1)/(5·4·3) = 1/10, sum 4/5 → (4·3·2)/(5·4·3) = 2/5.
    const all = await dash.call("GET", `/api/analytics/proficiency?session=${s1}&session=${s2}`);
    const bash = all.body.configs.find((c: { configId: string }) => c.configId === "bash");
    expect(bash).toMatchObject({ k: 3, runs: 10 });
    expect(bash.passHatK).toBeCloseTo((1 / 10 + 2 / 5) / 2, 12);
  });

  it("is empty without runs", async () => {
    expect((await dash.call("GET", "/api/analytics/proficiency")).body).toEqual({ configs: [], context: [] });
  });
});

describe("GET /api/analytics/steps", () => {
  it("reads each step as the (session, config) pair named, in order; `pick` is the same parameter", async () => {
    const { s1, s2 } = await twoSessions();
    const r = await dash.call("GET", `/api/analytics/steps?step=${s2}:bash&step=${s1}:staged&step=${s1}:nope`);
    expect(r.status).toBe(200);
    expect(r.body.steps.map((s: any) => [s.index, s.sessionName, s.configId, s.picked])).toEqual([
      [1, "bash again", "bash", true],
      [2, "all three", "staged", true],
    ]);
    expect(r.body.missing).toEqual([`${s1}:nope`]);
    const [first, second] = r.body.steps;
    expect(first).toMatchObject({
      needsFiles: { runs: 2, passed: 0 },
      noFiles: { runs: 2, passed: 2 },
      medianStartupTokens: 300,
      medianLoadMs: 2200,
    });
    expect(second).toMatchObject({ needsFiles: { runs: 3, passed: 0 }, noFiles: { runs: 3, passed: 0 } });
    // Steps from two sessions are labelled with both config and session.
    expect(r.body.bars[0]).toMatchObject({ configId: "1. bash · bash again", noFiles: 1, noFilesLabel: "2/2" });
    // Every (session, config) with runs can be picked, newest session first.
    expect(r.body.pairs.map((p: any) => `${p.sessionName}:${p.configId}:${p.runs}`)).toEqual([
      "bash again:bash:4",
      "all three:files:6",
      "all three:bash:6",
      "all three:staged:6",
    ]);
    const old = await dash.call("GET", `/api/analytics/steps?pick=${s1}:staged`);
    expect(old.body.steps.map((s: any) => [s.sessionId, s.configId])).toEqual([[s1, "staged"]]);
  });

  it("suggests one step per config, from the session with most runs of it, ties to the newest session", async () => {
    const { s1, s2 } = await twoSessions();
    // No session named: the newest session, whose one config is one step.
    const d = await dash.call("GET", "/api/analytics/steps");
    expect(d.body.steps.map((s: any) => [s.sessionId, s.configId, s.picked])).toEqual([[s2, "bash", false]]);
    // One session that ran three configs 6 times each: three steps in the session's config order,
    // not one step chosen by a tie on run count (which gave "bash", the lowest id).
    const one = await dash.call("GET", `/api/analytics/steps?session=${s1}`);
    expect(one.body.steps.map((s: any) => s.configId)).toEqual(["files", "bash", "staged"]);
    // A third session runs bash 6 times too: bash ties at 6 runs between s1 and s3; the newer s3 wins.
    dash.advance(60_000);
    const s3 = (
      await dash.call("POST", "/api/sessions", {
        json: { name: "bash third", suite: "mini-ctx", configs: ["bash"], tasks: "all", repeats: 3 },
      })
    ).body.session.id;
    await runAll(() => ({ reply: "31" }));
    const three = await dash.call("GET", `/api/analytics/steps?session=${s1}&session=${s2}&session=${s3}`);
    expect(three.body.steps.map((s: any) => [s.sessionName, s.configId])).toEqual([
      ["all three", "files"],
      ["all three", "staged"],
      ["bash third", "bash"],
    ]);
    expect(three.body.steps[2].all).toMatchObject({ runs: 6, passed: 3 });
  });
});

describe("GET /api/analytics/compare/family", () => {
  it("compares each config with the baseline over tasks and adjusts the p-values with Benjamini–Hochberg", async () => {
    const { s1, s2 } = await twoSessions();
    const r = await dash.call("GET", `/api/analytics/compare/family?session=${s1}&mode=baseline&baseline=files`);
    expect(r.status).toBe(200);
    expect(r.body.configs).toEqual(["files", "bash", "staged"]);
    // files: sum 3/3, todo 0/3; bash: sum 2/3, todo 3/3; staged: 0/3 and 0/3.
    // files→bash: task differences −1/3 (sum) and +1 (todo): every sign pattern is as extreme, p = 1.
    // Majority verdicts: sum passes on both, todo fails → passes: McNemar over 0 vs 1 task, p = 1.
    // files→staged: sum −1, todo 0: one task changed, p = 1; sum pass → fail: 1 vs 0 tasks, p = 1.
    expect(r.body.rows).toMatchObject([
      {
        a: "files",
        b: "bash",
        tasks: 2,
        improved: 1,
        degraded: 1,
        unchanged: 0,
        permutationP: 1,
        signTestP: 1,
        aOnly: 0,
        bOnly: 1,
        mcnemarP: 1,
        permutationPAdjusted: 1,
        mcnemarPAdjusted: 1,
        signTestPAdjusted: 1,
      },
      {
        a: "files",
        b: "staged",
        tasks: 2,
        improved: 0,
        degraded: 1,
        unchanged: 1,
        permutationP: 1,
        signTestP: 1,
        aOnly: 1,
        bOnly: 0,
        mcnemarP: 1,
      },
    ]);
    const c = await dash.call("GET", `/api/analytics/compare/family?session=${s1}&mode=consecutive`);
    expect(c.body.rows.map((x: any) => [x.a, x.b])).toEqual([
      ["files", "bash"],
      ["bash", "staged"],
    ]);
    expect((await dash.call("GET", "/api/analytics/compare/family?mode=pairs")).status).toBe(400);

    // Over both sessions, each row says what comparing its pair on its own says.
    const all = await dash.call("GET", `/api/analytics/compare/family?session=${s1}&session=${s2}&mode=consecutive`);
    for (const row of all.body.rows) {
      const one = (await dash.call("GET", `/api/analytics/compare?session=${s1}&session=${s2}&a=${row.a}&b=${row.b}`))
        .body;
      expect(row).toMatchObject({
        improved: one.improved.length,
        degraded: one.degraded.length,
        unchanged: one.unchanged.length,
        tasks: one.taskCount,
        permutationP: one.permutationP,
        signTestP: one.signTestP,
        mcnemarP: one.mcnemarP,
        aOnly: one.pairs.aOnly,
        bOnly: one.pairs.bOnly,
      });
    }

    // A family of many pairs, most of configs without runs: the real pairs count as they did alone.
    const filter = AnalyticsFilter.parse({ sessions: [s1] });
    const alone = await compareFamily(dash.ctx, filter, "baseline", "files", ["files", "bash", "staged"]);
    const padded = Array.from({ length: 70 }, (_, i) => `none-${i}`);
    const many = await compareFamily(dash.ctx, filter, "baseline", "files", ["files", ...padded, "bash", "staged"]);
    expect(many.rows).toHaveLength(72);
    const real = many.rows.filter((r) => !r.b.startsWith("none-"));
    expect(
      real.map(({ a, b, improved, degraded, aOnly, bOnly, mcnemarP }) => ({
        a,
        b,
        improved,
        degraded,
        aOnly,
        bOnly,
        mcnemarP,
      })),
    ).toEqual(
      alone.rows.map(({ a, b, improved, degraded, aOnly, bOnly, mcnemarP }) => ({
        a,
        b,
        improved,
        degraded,
        aOnly,
        bOnly,
        mcnemarP,
      })),
    );
    expect(real.map((r) => [r.aOnly, r.bOnly])).toEqual([
      [0, 1],
      [1, 0],
    ]);

    // The same config in two sessions: the warning names the sessions.
    const same = await dash.call("GET", `/api/analytics/compare?a=bash&b=bash&aSession=${s1}&bSession=${s2}`);
    expect(same.body.warnings).toEqual([
      "The two sides come from different sessions: session-to-session variation adds to the difference.",
    ]);
  });
});
