import { describe, expect, it } from "vitest";
import { adaptiveSummaryText, alphaField, studyPlanFields } from "@/domain/forms/studyPlan";

const base = {
  preregister: true,
  adaptive: false,
  a: "files",
  b: "bash",
  alpha: "0.05",
  minRepeats: "1",
  maxRepeats: "3",
  configs: ["files", "bash"],
};

describe("the form's plan and adaptive repeats", () => {
  it("becomes plan and adaptive request fields when valid", () => {
    expect(studyPlanFields(base).request).toEqual({ plan: { a: "files", b: "bash", alpha: 0.05 } });
    expect(studyPlanFields({ ...base, adaptive: true }).request).toEqual({
      plan: { a: "files", b: "bash", alpha: 0.05 },
      adaptive: { minRepeats: 1, maxRepeats: 3 },
    });
    expect(studyPlanFields({ ...base, preregister: false }).request).toEqual({});
  });

  it("says what to fix: the pair, α and the bounds", () => {
    expect(studyPlanFields({ ...base, b: "files" }).blockers).toEqual(["Plan: a and b must be two different configs."]);
    expect(studyPlanFields({ ...base, configs: ["files"] }).blockers).toEqual([
      "Plan: tick both a and b under Harness configs.",
    ]);
    expect(studyPlanFields({ ...base, b: "" }).blockers).toEqual(["Plan: pick the configs a and b to compare."]);
    expect(studyPlanFields({ ...base, adaptive: true, minRepeats: "4" }).blockers).toEqual([
      "Adaptive repeats: the maximum must be at least the minimum.",
    ]);
    expect(studyPlanFields({ ...base, adaptive: true, maxRepeats: "" }).request).toEqual({});
    expect(alphaField("0.5")).toEqual({ ok: false, error: "α: 0.5 is out of range; type a number between 0 and 0.5." });
    expect(alphaField("x").ok).toBe(false);
    expect(alphaField(" 0.1 ")).toEqual({ ok: true, value: 0.1 });
  });

  it("counts the jobs queued now and at most", () => {
    expect(adaptiveSummaryText(20, 2, 1, 3)).toBe(
      "adaptive: 40 jobs now (1 repeat each), at most 120 (3 repeats) as the comparison needs",
    );
  });
});
