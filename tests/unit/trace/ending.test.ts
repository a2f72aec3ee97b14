import { describe, expect, it } from "vitest";
import { checksSummary, endMarker } from "@/domain/trace";

describe("endMarker", () => {
  it("marks a crash or timeout at the last turn, with the device's detail", () => {
    expect(endMarker({ reason: "crash", detail: "llama context lost" }, 7)).toEqual({
      turn: 7,
      reason: "crash",
      abnormal: true,
      text: "Crashed after turn 7: llama context lost",
    });
    expect(endMarker({ reason: "timeout" }, 3)?.text).toBe("Timed out after turn 3");
    expect(endMarker({ reason: "crash", detail: null }, 0)).toMatchObject({
      turn: 0,
      text: "Crashed before the first turn",
    });
  });
  it("marks other limits plainly and leaves a normal stop unmarked", () => {
    expect(endMarker({ reason: "tool_limit" }, 12)).toMatchObject({
      abnormal: false,
      text: "Ended after turn 12 (the tool-call limit was reached)",
    });
    expect(endMarker({ reason: "stop" }, 4)).toBeNull();
  });
});

describe("checksSummary", () => {
  const checks = (pattern: string) => [...pattern].map((p, i) => ({ id: `check_${i + 1}`, passed: p === "+" }));
  it("names the failed checks and counts them against all", () => {
    expect(checksSummary(checks("+-+-+++"))).toBe("Failed 2 of 7 checks: check_2, check_4");
    expect(checksSummary(checks("------"))).toBe("Failed 6 of 6 checks: check_1, check_2, check_3, check_4 and 2 more");
  });
  it("says when everything passed or nothing was checked", () => {
    expect(checksSummary(checks("+++"))).toBe("Passed all 3 checks");
    expect(checksSummary(checks("+"))).toBe("Passed its 1 check");
    expect(checksSummary(checks("-"))).toBe("Failed 1 of 1 check: check_1");
    expect(checksSummary([])).toBe("No checks recorded");
  });
});
