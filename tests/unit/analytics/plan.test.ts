import { describe, expect, it } from "vitest";
import { buildPlan, parsePlanQuery, thirdRepeatEffect, type PlanEvidence } from "@/domain/analytics/plan";

const q = (s: string) => {
  const r = parsePlanQuery(new URLSearchParams(s));
  if (!r.success) throw new Error("bad query");
  return r.data;
};

describe("buildPlan", () => {
  it("answers Connor's 155 pairs for ψ 0.2, δ 0.1 and spreads them over tasks × repeats", () => {
    const p = buildPlan(q("psi=0.2&delta=0.1&icc=1"), null);
    expect(p).toMatchObject({
      pairs: 155,
      psi: 0.2,
      psiSource: "given",
      alpha: 0.05,
      power: 0.8,
      problem: null,
      current: null,
    });
    // ICC 1: repeats add nothing, 155 tasks whatever the repeats.
    expect(p.tasksByRepeats!.map((r) => r.tasks)).toEqual([155, 155, 155, 155]);
    // ICC 0: ⌈155/m⌉ tasks: 155, 78, 52, 31.
    expect(buildPlan(q("psi=0.2&delta=0.1&icc=0"), null).tasksByRepeats!.map((r) => r.tasks)).toEqual([
      155, 78, 52, 31,
    ]);
  });

  it("says what to do when ψ is missing or smaller than δ", () => {
    expect(buildPlan(q("delta=0.1"), null)).toMatchObject({ pairs: null, problem: expect.stringMatching(/^Enter ψ/) });
    expect(buildPlan(q("psi=0.05&delta=0.1"), null).problem).toMatch(/needs at least that share of discordant pairs/);
  });

  it("takes ψ and the ICC from the sessions unless given, and finds the detectable difference", () => {
    const evidence: PlanEvidence = {
      sessions: ["s"],
      pairedRuns: 200,
      discordant: 40,
      icc: 0.5,
      tasks: 20,
      repeats: 3,
      thirdRepeat: { cells: 0, changed: 0, split: 0 },
    };
    const p = buildPlan(q("delta=0.1"), evidence);
    expect(p).toMatchObject({ psi: 0.2, psiSource: "sessions", icc: 0.5, iccSource: "sessions", pairs: 155 });
    // 20 tasks × 3 repeats, deff = 1 + 2·0.5 = 2 → 30 effective pairs; at ψ 0.2 even δ = ψ needs
    // 36.8 pairs (tests/unit/stats/sample-size.test.ts), so nothing is detectable.
    expect(p.current).toEqual({ tasks: 20, repeats: 3, effectiveRepeats: 1.5, effectivePairs: 30, detectable: null });
    expect(buildPlan(q("delta=0.1&psi=0.3"), evidence).psiSource).toBe("given");
  });

  it("refuses out-of-range parameters", () => {
    expect(parsePlanQuery(new URLSearchParams("psi=1.5")).success).toBe(false);
    expect(parsePlanQuery(new URLSearchParams("alpha=0")).success).toBe(false);
    expect(parsePlanQuery(new URLSearchParams("psi=")).success).toBe(true);
  });
});

describe("thirdRepeatEffect", () => {
  it("counts cells a third repeat changed and cells where it broke a tie", () => {
    const T = true,
      F = false;
    expect(
      thirdRepeatEffect([
        { verdicts: [T, T, T] },
        { verdicts: [F, F, F] },
        { verdicts: [T, T, F] },
        { verdicts: [F, T, T] },
        { verdicts: [T, F] },
      ]),
    ).toEqual({ cells: 4, changed: 1, split: 1 });
  });

  it("counts cells given as one with a count as that many cells", () => {
    const T = true,
      F = false;
    // 5 cells T,T,T; 3 cells T,T,F (changed); 2 cells F,T,T (split); 7 cells of two repeats (left out).
    expect(
      thirdRepeatEffect([
        { verdicts: [T, T, T], count: 5 },
        { verdicts: [T, T, F], count: 3 },
        { verdicts: [F, T, T], count: 2 },
        { verdicts: [T, F], count: 7 },
      ]),
    ).toEqual({ cells: 10, changed: 3, split: 2 });
  });
});
