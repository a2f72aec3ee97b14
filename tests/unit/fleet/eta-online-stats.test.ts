import { describe, expect, it } from "vitest";
import { deviceStats, isOnline, queueEta } from "@/domain/fleet";

describe("isOnline", () => {
  it("is true up to one minute after the last request, false after and for a device never seen", () => {
    expect(isOnline(1000, 61_000)).toBe(true);
    expect(isOnline(1000, 61_001)).toBe(false);
    expect(isOnline(null, 0)).toBe(false);
  });
});

describe("queueEta", () => {
  it("estimates each remaining job with its config's median wall time and shares it over online phones", () => {
    const eta = queueEta(
      [
        { configId: "a", jobs: 4 },
        { configId: "b", jobs: 2 },
        { configId: "new", jobs: 1 },
      ],
      [
        { configId: "a", wallMs: 60_000 },
        { configId: "a", wallMs: 120_000 },
        { configId: "a", wallMs: 600_000 },
        { configId: "b", wallMs: 30_000 },
      ],
      3,
    );
    // a: median 120 s × 4 = 480 s; b: 30 s × 2 = 60 s; new: overall median of (30, 60, 120, 600) = 90 s.
    // 630 s = 0.175 phone-hours; over 3 phones 0.058333… h.
    expect(eta).toMatchObject({ jobs: 7, estimatedFromOtherConfigs: 1, onlineDevices: 3 });
    expect(eta.phoneHours).toBeCloseTo(0.175, 12);
    expect(eta.hours).toBeCloseTo(0.175 / 3, 12);
  });

  it("has no estimate without finished runs or without an online phone, and zero for an empty queue", () => {
    expect(queueEta([{ configId: "a", jobs: 2 }], [], 2)).toMatchObject({ phoneHours: null, hours: null });
    expect(queueEta([{ configId: "a", jobs: 2 }], [{ configId: "a", wallMs: 3_600_000 }], 0)).toMatchObject({
      phoneHours: 2,
      hours: null,
    });
    expect(queueEta([], [], 1)).toMatchObject({ jobs: 0, phoneHours: 0, hours: 0 });
  });
});

describe("deviceStats", () => {
  it("gives runs, pass rate, the median first-turn TTFT and tokens per decode second", () => {
    const s = deviceStats([
      { passed: true, firstTtftMs: 300, outputTokens: 100, decodeMs: 4000 },
      { passed: false, firstTtftMs: 500, outputTokens: 50, decodeMs: 1000 },
      { passed: true, firstTtftMs: null, outputTokens: 0, decodeMs: 0 },
    ]);
    // median of (300, 500) = 400; 150 tokens / 5 s = 30 tok/s
    expect(s).toEqual({ runs: 3, passed: 2, passRate: 2 / 3, medianTtftMs: 400, tokensPerSecond: 30 });
    expect(deviceStats([])).toEqual({ runs: 0, passed: 0, passRate: null, medianTtftMs: null, tokensPerSecond: null });
  });
});
