import { describe, expect, it } from "vitest";
import { compareLists, defaultSides, sideLabel } from "@/domain/analytics/compare-view";

describe("compareLists", () => {
  it("puts each side's k/n beside the task", () => {
    const lists = compareLists({ improved: ["t2"], degraded: [], unchanged: ["t1", "gone"] }, [
      { taskId: "t1", aRuns: 3, aPassed: 3, bRuns: 3, bPassed: 3 },
      { taskId: "t2", aRuns: 3, aPassed: 1, bRuns: 6, bPassed: 5 },
    ]);
    expect(lists).toEqual({
      improved: [{ taskId: "t2", a: "1/3", b: "5/6" }],
      degraded: [],
      unchanged: [
        { taskId: "t1", a: "3/3", b: "3/3" },
        { taskId: "gone", a: "–", b: "–" },
      ],
    });
  });
});

describe("defaultSides", () => {
  it("keeps known sides and falls back to the first two configs", () => {
    expect(defaultSides(["bare", "files", "bash"], "bash", "files")).toEqual({ a: "bash", b: "files" });
    expect(defaultSides(["bare", "files", "bash"], "nope")).toEqual({ a: "bare", b: "files" });
    expect(defaultSides(["bare"])).toEqual({ a: "bare", b: "bare" });
    expect(defaultSides([])).toBeNull();
  });
});

describe("sideLabel", () => {
  it("names the side's session, or the selection", () => {
    const sessions = [{ id: "s1", name: "night run" }];
    expect(sideLabel("bash", "s1", sessions)).toBe("bash in “night run”");
    expect(sideLabel("bash", "s9", sessions)).toBe("bash in “s9”");
    expect(sideLabel("bash", undefined, sessions)).toBe("bash in the selected sessions");
  });
});
