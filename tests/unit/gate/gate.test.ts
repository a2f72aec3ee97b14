import { describe, expect, it } from "vitest";
import { evaluateGate } from "@/domain/gate/evaluate";
import { gateMarkdown } from "@/domain/gate/markdown";
import { DEFAULT_MARGINS, GateConfigFile, marginsText, parseMargins } from "@/domain/gate/margins";
import { parseSideSpec } from "@/domain/gate/spec";
import type { GateFacts, GateRun } from "@/domain/gate/types";

/** A run with a load, three turns on a TTFT line of `slope` ms/token, and a verdict. */
function run(
  taskId: string,
  passed: boolean,
  o: { load?: number; slope?: number; outcome?: string; jitter?: number } = {},
): GateRun {
  const slope = o.slope ?? 5;
  const j = o.jitter ?? 0;
  const xs = [300, 900, 1500];
  const ys = xs.map((x, i) => 200 + slope * x + ((i * 37 + j * 11) % 23) - 11);
  return {
    taskId,
    group: taskId.startsWith("m") ? "multi_step" : "files",
    configId: "files",
    passed,
    outcome: o.outcome ?? (passed ? "finished" : "gave_up"),
    loadMs: (o.load ?? 2000) * (1 + (((j * 7) % 9) - 4) / 100),
    turns: {
      n: 3,
      sx: xs.reduce((s, x) => s + x, 0),
      sy: ys.reduce((s, y) => s + y, 0),
      sxx: xs.reduce((s, x) => s + x * x, 0),
      sxy: xs.reduce((s, x, i) => s + x * ys[i], 0),
    },
    turnMs: 900 * (1 + (((j * 5) % 7) - 3) / 100),
  };
}

/** `tasks` tasks × `repeats`: every run passes under the baseline; under the candidate `lost` tasks fail every repeat. */
function facts(tasks: number, repeats: number, lost: number, cand: { load?: number; slope?: number } = {}): GateFacts {
  const side = (fail: (t: number) => boolean, o: { load?: number; slope?: number }) =>
    Array.from({ length: tasks }, (_, t) =>
      Array.from({ length: repeats }, (_, k) =>
        run(`t${String(t).padStart(2, "0")}`, !fail(t), { ...o, jitter: t * repeats + k }),
      ),
    ).flat();
  return {
    baseline: { session: "ses_a" },
    candidate: { session: "ses_b" },
    runs: { baseline: side(() => false, {}), candidate: side((t) => t < lost, cand) },
    calibration: [],
  };
}

describe("evaluateGate: pass rate and outcomes with the task as the unit", () => {
  it("names a clear regression: 10 of 20 tasks lost on every repeat is p = 2·½¹⁰, whatever the repeats", () => {
    for (const repeats of [1, 3]) {
      const r = evaluateGate(facts(20, repeats, 10));
      expect(r.tasks).toBe(20);
      expect(r.familySize).toBe(2); // pass rate overall, gave up
      const pass = r.checks.find((c) => c.id === "pass.overall")!;
      // Ten tasks at −1, ten at 0: 2 of the 2¹⁰ sign patterns are as extreme.
      expect(pass.p).toBeCloseTo(2 * 0.5 ** 10, 12);
      expect(pass.pAdjusted).toBeCloseTo(2 * 0.5 ** 10, 12);
      expect(pass).toMatchObject({
        effect: -0.5,
        direction: "down",
        regression: true,
        baseline: `${20 * repeats}/${20 * repeats} (100%)`,
        candidate: `${10 * repeats}/${20 * repeats} (50%)`,
        test: "sign-flip permutation over 20 tasks (exact)",
      });
      expect(r.regressions).toEqual(["pass.overall", "outcome.gave_up"]);
    }
  });

  it("does not count repeats as independent runs: the issue's A/A, 14/24 → 2/24 over 8 tasks, passes (p = 0.0625)", () => {
    const shares: [number, number][] = [[3, 0], [3, 0], [3, 0], [2, 0], [2, 1], [1, 1], [0, 0], [0, 0]]; // prettier-ignore
    const side = (pick: 0 | 1) =>
      shares.flatMap(([a, b], t) =>
        [0, 1, 2].map((k) => run(`t${t}`, k < (pick ? b : a), { jitter: t * 3 + k + pick })),
      );
    const r = evaluateGate({
      baseline: { session: "a" },
      candidate: { session: "b" },
      runs: { baseline: side(0), candidate: side(1) },
      calibration: [],
    });
    const pass = r.checks.find((c) => c.id === "pass.overall")!;
    expect(pass.baseline).toBe("14/24 (58%)");
    expect(pass.candidate).toBe("2/24 (8%)");
    expect(pass.p).toBeCloseTo(0.0625, 12);
    expect(pass.effectText).toBe("−50 pts per task (5 worse, 0 better)");
    expect(r.regression).toBe(false);
    // Five changed tasks can never reach p < 0.05, and the permutation null shows it.
    expect(r.calibration.rejected).toBe(0);
  });

  it("passes identical sides and an improvement", () => {
    const same = evaluateGate(facts(20, 3, 0));
    expect(same.regression).toBe(false);
    expect(same.checks.find((c) => c.id === "pass.overall")).toMatchObject({
      p: 1,
      direction: "same",
      regression: false,
    });
    const f = facts(20, 3, 0);
    [f.runs.baseline, f.runs.candidate] = [facts(20, 3, 10).runs.candidate, f.runs.baseline];
    expect(evaluateGate(f).regression).toBe(false);
  });

  it("adds a pass-rate check per task group when the tasks span groups", () => {
    const f = facts(4, 2, 0);
    f.runs.baseline.push(run("m1", true), run("m1", true));
    f.runs.candidate.push(run("m1", false), run("m1", false));
    const r = evaluateGate(f);
    expect(r.checks.map((c) => c.id).filter((id) => id.startsWith("pass."))).toEqual([
      "pass.overall",
      "pass.files",
      "pass.multi_step",
    ]);
  });

  it("rejects at most about α of label-permuted comparisons on null data", () => {
    // Tasks that pass or fail by themselves (ICC near 1), with a few split tasks, same on both sides.
    const f = facts(20, 3, 0);
    const r = evaluateGate(f);
    expect(r.calibration.draws).toBe(1000);
    expect(r.calibration.rate).toBeLessThanOrEqual(0.05 + 2 * Math.sqrt((0.05 * 0.95) / 1000));
  });
});

describe("evaluateGate: latency against margins", () => {
  it("flags a 40% slower load, turn and TTFT slope, with their intervals wholly above the margins", () => {
    const f = facts(20, 3, 0, { load: 2800, slope: 7 });
    f.runs.candidate = f.runs.candidate.map((r) => ({ ...r, turnMs: r.turnMs! * 1.4 }));
    const r = evaluateGate(f);
    expect(r.regressions).toEqual(["latency.load", "latency.turn", "latency.ttft_slope"]);
    const load = r.checks.find((c) => c.id === "latency.load")!;
    expect(load.effect).toBeCloseTo(0.4, 1);
    expect(load.ci![0]).toBeGreaterThan(0.1);
    expect(load).toMatchObject({ threshold: 0.1, verdict: "regression", pAdjusted: null });
  });

  it("calls a real 5% change real, within margin, and no regression", () => {
    const r = evaluateGate(facts(20, 3, 0, { load: 2100 }));
    const load = r.checks.find((c) => c.id === "latency.load")!;
    expect(load.effect).toBeCloseTo(0.05, 2);
    expect(load.verdict).toBe("within_margin");
    expect(r.regression).toBe(false);
    // With a 2% margin the same change is a regression.
    const tight = evaluateGate(facts(20, 3, 0, { load: 2100 }), { margins: { ...DEFAULT_MARGINS, load: 0.02 } });
    expect(tight.regressions).toEqual(["latency.load"]);
  });

  it("widens a margin to the A/A noise of declared calibration sessions, and says which", () => {
    const f = facts(20, 3, 0, { load: 2300 });
    expect(evaluateGate(f).regressions).toEqual(["latency.load"]);
    const arm = (load: number) => Array.from({ length: 30 }, (_, i) => run(`t${i % 10}`, true, { load, jitter: i }));
    f.calibration = [{ session: "ses_aa", arm1: arm(2000), arm2: arm(2500) }];
    const r = evaluateGate(f);
    expect(r.noise).toMatchObject({ source: "calibration", sessions: ["ses_aa"], aaCompared: 1, aaRejected: 0 });
    expect(r.noise.load).toBeCloseTo(0.25, 1);
    expect(r.regression).toBe(false);
    expect(r.checks.find((c) => c.id === "latency.load")!.test).toMatch(/against A\/A noise 25%/);
  });
});

describe("margins", () => {
  it("reads NAME=VALUE lists over the defaults, in fractions or percent", () => {
    expect(parseMargins("load=0.2, ttft=3%")).toEqual({ margins: { load: 0.2, turn: 0.1, ttft: 0.03 } });
    expect(parseMargins("")).toEqual({ margins: DEFAULT_MARGINS });
    expect(parseMargins("speed=1")).toHaveProperty("error");
    expect(parseMargins("load=0")).toHaveProperty("error");
    expect(marginsText(DEFAULT_MARGINS)).toBe("load 10%, turn 10%, TTFT slope 5%");
    expect(GateConfigFile.safeParse({ alpha: 0.01, margins: { load: 0.15 } }).success).toBe(true);
    expect(GateConfigFile.safeParse({ margins: { lod: 0.15 } }).success).toBe(false);
  });
});

describe("gateMarkdown", () => {
  it("is a headline, the method, margins, the calibration, a table, the regressions and the compare link", () => {
    const md = gateMarkdown(evaluateGate(facts(20, 3, 10)), "http://127.0.0.1:3000/analytics/compare?x=1");
    expect(md.split("\n")[0]).toBe("### ❌ Harness Lab gate: 2 significant regressions");
    expect(md).toContain(
      "Unit: the task. Pass rate and each way of not finishing: each of the 20 tasks run on both sides counts once",
    );
    expect(md).toContain("Margins: load 10%, turn 10%, TTFT slope 5%. A/A noise: no declared calibration session");
    expect(md).toMatch(
      /Calibration: On this data the gate \(its pass-rate and outcome checks\) rejects \d+\.\d% of A\/A comparisons at α 0\.05/,
    );
    expect(md).toContain("| Check | Test | Baseline | Candidate | Change | p | p (BH) | |");
    expect(md).toContain(
      "| Pass rate, overall | sign-flip permutation over 20 tasks (exact) | 60/60 (100%) | 30/60 (50%) | ↓ −50 pts per task (10 worse, 0 better) | 0.002 | 0.002 | ❌ regression |",
    );
    expect(md).toContain("[Open the comparison in Harness Lab](http://127.0.0.1:3000/analytics/compare?x=1)");
    expect(md).not.toMatch(/McNemar|paired runs/);
    expect(gateMarkdown(evaluateGate(facts(20, 3, 0)), "u").split("\n")[0]).toBe(
      "### ✅ Harness Lab gate: no significant regression",
    );
  });
});

describe("parseSideSpec", () => {
  it("reads SESSION[:CONFIG]", () => {
    expect(parseSideSpec("ses_01J:bash-plan")).toEqual({ session: "ses_01J", config: "bash-plan" });
    expect(parseSideSpec(" ses_01J ")).toEqual({ session: "ses_01J" });
    expect(parseSideSpec(":x")).toBeNull();
    expect(parseSideSpec("ses 1")).toBeNull();
  });
});
