import { describe, expect, it } from "vitest";
import * as stats from "@/domain/stats";

describe("stats index", () => {
  it("exports every function of the module", () => {
    const names = [
      "wilson",
      "percent",
      "percentInterval",
      "binomialPmf",
      "binomialLogPmf",
      "binomialCdf",
      "signTest",
      "mcnemarExact",
      "pairRuns",
      "benjaminiHochberg",
      "regularizedIncompleteBeta",
      "studentTCdf",
      "studentTQuantile",
      "studentTTwoSidedP",
      "olsFit",
      "predict",
      "signFlipTest",
      "signFlipNull",
      "taskPairedMcnemar",
      "clusterRobustSlope",
      "clusterRobustFromProducts",
      "slopeChangeVsMargin",
      "stratifiedMedianChange",
      "sampleMedian",
      "nullRejection",
      "nullRejectionSentence",
      "passAtK",
      "passHatK",
      "median",
      "majority",
      "mostCommon",
      "anytimeInterval",
      "anytimeSequence",
      "sequentialDecision",
      "stillInformative",
      "taskDifference",
      "AnytimeMonitor",
    ];
    for (const n of names) expect(typeof (stats as Record<string, unknown>)[n], n).toBe("function");
    expect(stats.Z95).toBeCloseTo(1.96, 2);
  });
});
