import { describe, expect, it } from "vitest";
import { duration, fraction, integer, percent, percentInterval } from "@/domain/stats/format";

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

describe("duration, integer and fraction formatting", () => {
  it("shows seconds from 1 s and milliseconds below", () => {
    expect(duration(6600)).toBe("6.6 s");
    expect(duration(7849)).toBe("7.8 s");
    expect(duration(320)).toBe("320 ms");
    expect(duration(null)).toBe("–");
  });
  it("groups thousands", () => {
    expect(integer(1351)).toBe("1,351");
    expect(integer(300.4)).toBe("300");
    expect(integer(undefined)).toBe("–");
    expect(fraction(12, 30)).toBe("12/30");
  });
});

describe("signedPoints and pointsInterval", () => {
  it("writes differences in signed percentage points", async () => {
    const { signedPoints, pointsInterval } = await import("@/domain/stats/format");
    expect(signedPoints(0.333)).toBe("+33 pts");
    expect(signedPoints(-0.05)).toBe("−5 pts");
    expect(signedPoints(0.001)).toBe("0 pts");
    expect(signedPoints(null)).toBe("–");
    expect(pointsInterval([-0.05, 0.6])).toBe("[−5, +60]");
    expect(pointsInterval(null)).toBe("–");
  });
});
