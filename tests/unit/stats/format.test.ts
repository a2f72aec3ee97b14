import { describe, expect, it } from "vitest";
import { percent, percentInterval } from "@/domain/stats/format";

describe("percent formatting", () => {
  it("rounds to whole percents and marks missing values", () => {
    expect(percent(27 / 30)).toBe("90%");
    expect(percent(0.745)).toBe("75%");
    expect(percent(null)).toBe("–");
    expect(percent(Number.NaN)).toBe("–");
  });
  it("prints intervals as lo–hi%", () => {
    expect(percentInterval([0.744, 0.965])).toBe("74–97%");
    expect(percentInterval([0, 0.561])).toBe("0–56%");
    expect(percentInterval(null)).toBe("–");
  });
});
