import { describe, expect, it } from "vitest";
import { DEFAULT_NOISE, evaluateGate } from "@/domain/gate/evaluate";
import { gateMarkdown } from "@/domain/gate/markdown";
import { parseSideSpec } from "@/domain/gate/spec";
import { transitionMatrix } from "@/domain/analytics/transitions";
import type { GateFacts } from "@/domain/gate/types";

const noise = { loadMs: DEFAULT_NOISE, turnMs: DEFAULT_NOISE, source: "default" as const, sessions: [] };
const latency = (load: number, turn: number) => ({ ttft: null, medianLoadMs: load, medianTurnMs: turn });

/** 20 tasks × 1 repeat; `lost` of them pass under the baseline only and end `to` under the candidate. */
function facts(lost: number, to = "gave_up", candLoad = 2000): GateFacts {
  const tasks = Array.from({ length: 20 }, (_, i) => ({
    taskId: `t${String(i).padStart(2, "0")}`,
    aRuns: 1,
    aPassed: 1,
    bRuns: 1,
    bPassed: i < lost ? 0 : 1,
  }));
  return {
    baseline: { session: "ses_a" },
    candidate: { session: "ses_b" },
    scopes: [{ scope: "overall", tasks, pairs: { both: 20 - lost, aOnly: lost, bOnly: 0, neither: 0 } }],
    transitions: transitionMatrix([
      { from: "finished", to: "finished", n: 20 - lost },
      ...(lost ? [{ from: "finished", to, n: lost }] : []),
    ]),
    latency: { baseline: latency(2000, 1000), candidate: latency(candLoad, 1000), noise },
  };
}

describe("evaluateGate", () => {
  it("names a clear regression with its p-value and effect", () => {
    // 10 of 20 paired runs lost, none gained: McNemar p = 2·½¹⁰ = 0.001953; the sign test over
    // 10 degraded tasks is the same number. Gave-up gained 10, lost 0: also 0.001953.
    // Three tests of p = 0.001953 → BH adjusted min(1, 3·p/3) = 0.001953 each.
    const r = evaluateGate(facts(10));
    expect(r.regression).toBe(true);
    expect(r.familySize).toBe(3);
    const mc = r.checks.find((c) => c.id === "pass.overall.mcnemar")!;
    expect(mc.p).toBeCloseTo(2 * 0.5 ** 10, 12);
    expect(mc.pAdjusted).toBeCloseTo(2 * 0.5 ** 10, 12);
    expect(mc).toMatchObject({
      effect: -0.5,
      direction: "down",
      regression: true,
      baseline: "20/20 (100%)",
      candidate: "10/20 (50%)",
    });
    expect(r.regressions).toEqual(["pass.overall.mcnemar", "pass.overall.sign", "outcome.gave_up"]);
  });

  it("passes identical sides, and an improvement", () => {
    const same = evaluateGate(facts(0));
    expect(same.regression).toBe(false);
    expect(same.checks.find((c) => c.id === "pass.overall.mcnemar")).toMatchObject({
      p: 1,
      direction: "same",
      regression: false,
    });
    const better = facts(0);
    better.scopes[0].pairs = { both: 10, aOnly: 0, bOnly: 10, neither: 0 };
    expect(evaluateGate(better).regression).toBe(false);
  });

  it("does not call a small worsening significant: 2 of 20 lost (p = 0.5)", () => {
    const r = evaluateGate(facts(2));
    expect(r.checks.find((c) => c.id === "pass.overall.mcnemar")).toMatchObject({
      p: 0.5,
      worse: true,
      regression: false,
    });
    expect(r.regression).toBe(false);
  });

  it("flags a median above the noise threshold, not one within it", () => {
    expect(evaluateGate(facts(0, "gave_up", 2300)).regressions).toEqual(["latency.load"]); // +15% > 10%
    expect(evaluateGate(facts(0, "gave_up", 2100)).regression).toBe(false); // +5%
  });

  it("keeps the A/A threshold at 2% or more, even when A/A medians were identical", () => {
    const f = facts(0, "gave_up", 2020); // +1%
    f.latency.noise = { loadMs: 0, turnMs: 0, source: "aa", sessions: ["ses_c"] };
    expect(evaluateGate(f).regression).toBe(false);
    f.latency.candidate.medianLoadMs = 2100; // +5% > 2%
    expect(evaluateGate(f).regressions).toEqual(["latency.load"]);
  });
});

describe("gateMarkdown", () => {
  it("is a headline, a table with arrows, the regressions and the compare link", () => {
    const md = gateMarkdown(evaluateGate(facts(10)), "http://127.0.0.1:3000/analytics/compare?x=1");
    expect(md.split("\n")[0]).toBe("### ❌ Harness Lab gate: 3 significant regressions");
    expect(md).toContain("| Check | Test | Baseline | Candidate | Change | p | p (BH) | |");
    expect(md).toContain(
      "| Pass rate, overall | exact McNemar, paired runs | 20/20 (100%) | 10/20 (50%) | ↓ −50 pts | 0.002 | 0.002 | ❌ regression |",
    );
    expect(md).toContain(
      "- Runs ending “gave up” (exact McNemar, paired runs): +50 pts, p = 0.002, BH-adjusted p = 0.002",
    );
    expect(md).toContain("[Open the comparison in Harness Lab](http://127.0.0.1:3000/analytics/compare?x=1)");
    expect(gateMarkdown(evaluateGate(facts(0)), "u").split("\n")[0]).toBe(
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
