import { describe, expect, it } from "vitest";
import {
  calibrationArm,
  calibrationArms,
  calibrationArmsText,
  calibrationIssues,
  CALIBRATION_REPEATS,
} from "@/domain/sessions";

describe("calibrationArm", () => {
  it("puts odd repeats in arm 1 and even repeats in arm 2", () => {
    expect([1, 2, 3, 4, 5, 6].map(calibrationArm)).toEqual([1, 2, 1, 2, 1, 2]);
    expect(calibrationArm(99)).toBe(1);
    expect(calibrationArm(100)).toBe(2);
  });
});

describe("calibrationArms", () => {
  it("lists each arm's repeats, the same number in both for an even count", () => {
    expect(calibrationArms(CALIBRATION_REPEATS)).toEqual([
      [1, 3, 5],
      [2, 4, 6],
    ]);
    expect(calibrationArms(2)).toEqual([[1], [2]]);
  });
});

describe("calibrationIssues", () => {
  it("accepts one config and an even number of repeats, 2 or more", () => {
    expect(calibrationIssues(1, 2)).toEqual([]);
    expect(calibrationIssues(1, 100)).toEqual([]);
  });

  it("names the configs and the repeats when they are wrong", () => {
    expect(calibrationIssues(2, 6).map((i) => i.path)).toEqual(["configs"]);
    expect(calibrationIssues(1, 5)).toEqual([
      {
        path: "repeats",
        message: "an A/A calibration needs an even number of repeats (2, 4, 6, …) for its two arms, not 5",
      },
    ]);
    expect(calibrationIssues(1, 0).map((i) => i.path)).toEqual(["repeats"]);
    expect(calibrationIssues(3, 1).map((i) => i.path)).toEqual(["configs", "repeats"]);
  });
});

describe("calibrationArmsText", () => {
  it("names each arm's repeats, shortened past four", () => {
    expect(calibrationArmsText("files", 6)).toBe(
      "A/A calibration of files: arm 1 = repeats 1, 3, 5; arm 2 = repeats 2, 4, 6. How far apart the two arms land is this phone's noise.",
    );
    expect(calibrationArmsText("bash", 100)).toBe(
      "A/A calibration of bash: arm 1 = repeats 1, 3, …, 99; arm 2 = repeats 2, 4, …, 100. How far apart the two arms land is this phone's noise.",
    );
  });
});
