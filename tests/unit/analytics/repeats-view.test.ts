import { describe, expect, it } from "vitest";
import { repeatsAware } from "@/domain/analytics/configs";
import { repeatsHover } from "@/domain/analytics/repeats-view";

describe("repeatsHover", () => {
  it("states the ICC, effective n and design effect of the worked example", () => {
    // Tasks 1,1,1 | 0,0,0 | 1,0,1: ICC 2/3, deff 7/3, effective n 27/7 ≈ 3.9 (tests/unit/stats/icc.test.ts).
    const r = repeatsAware([
      { runs: 3, passed: 3 },
      { runs: 3, passed: 0 },
      { runs: 3, passed: 2 },
    ]);
    expect(r.tasks).toBe(3);
    expect(repeatsHover({ ...r, runs: 9 })).toBe(
      "ICC 0.67: repeats of a task mostly agree, so 9 runs over 3 tasks count as 3.9 independent runs (design effect 2.33). Wilson 95% on the effective n: 18–88%.",
    );
  });

  it("says why there is no ICC", () => {
    const r = repeatsAware([{ runs: 3, passed: 1 }]);
    expect(r).toMatchObject({ tasks: 1, icc: null, wilsonEffective: null });
    expect(repeatsHover({ ...r, runs: 3 })).toMatch(/^No intraclass correlation for these 3 runs over 1 task:/);
  });
});
