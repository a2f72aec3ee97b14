import { describe, expect, it } from "vitest";
import { rateTrend, throttling, throttlingAdvice, type RunRates } from "@/domain/analytics/throttling";

const T0 = Date.UTC(2026, 11, 1, 9, 0, 0);
/** A run every 5 minutes for an hour (13 runs); `rate(min)` gives decode tokens/s at that minute. */
function session(
  rate: (min: number) => number,
  prefill: (min: number) => number = () => 200,
  device = "phone-a",
): RunRates[] {
  return Array.from({ length: 13 }, (_, i) => {
    const min = i * 5;
    // 100 output tokens decoded at `rate`, 400 prompt tokens prefilled at `prefill`.
    return {
      sessionId: "ses_1",
      deviceId: device,
      startedAtMs: T0 + min * 60_000,
      outputTokens: 100,
      decodeMs: (100 / rate(min)) * 1000,
      promptTokens: 400,
      ttftMs: (400 / prefill(min)) * 1000,
    };
  });
}
// ±0.2 tokens/s alternating: enough residual scatter that the slope's standard error is not 0.
const wobble = (min: number) => ((min / 5) % 2 === 0 ? 0.2 : -0.2);

describe("throttling detection", () => {
  it("flags a decode rate that falls 30% linearly, with the right slope", () => {
    // 20 tokens/s at the start, 14 at 60 minutes: slope −0.1 tokens/s per minute, −30% over the span.
    const [d] = throttling(session((m) => 20 - 0.1 * m + wobble(m)));
    expect(d.decode!.slopePerMin).toBeCloseTo(-0.1, 2);
    expect(d.decode!.slopeCi[0]).toBeLessThan(-0.1);
    expect(d.decode!.slopeCi[1]).toBeGreaterThan(-0.1);
    expect(d.decode!.spanMin).toBe(60);
    expect(d.decode!.relativeChange).toBeCloseTo(-0.3, 1);
    expect(d.decode!.p).toBeLessThan(1e-6);
    expect(d.decode!.flagged).toBe(true);
    expect(d.prefill!.flagged).toBe(false);
    expect(d.flagged).toBe(true);
    expect(throttlingAdvice(d)).toMatch(/phone-a slowed down during this session \(decode −30%/);
  });

  it("does not flag a flat session", () => {
    const [d] = throttling(session((m) => 20 + wobble(m)));
    expect(Math.abs(d.decode!.slopePerMin)).toBeLessThan(0.01);
    expect(d.decode!.flagged).toBe(false);
    expect(d.flagged).toBe(false);
    expect(throttlingAdvice(d)).toBeNull();
  });

  it("does not flag a significant fall smaller than 10%", () => {
    // −5% over the hour, with tiny scatter so it is clearly significant.
    const [d] = throttling(session((m) => 20 - (1 / 60) * m + wobble(m) / 20));
    expect(d.decode!.p).toBeLessThan(0.001);
    expect(d.decode!.relativeChange).toBeCloseTo(-0.05, 2);
    expect(d.decode!.flagged).toBe(false);
  });

  it("does not flag a large but noisy fall (p ≥ 0.05)", () => {
    const noisy = [4, -4, 3, -5, 5, -3, 4, -4, 2, -2, 5, -5, 0];
    const [d] = throttling(session((m) => 20 - 0.05 * m + noisy[m / 5]));
    expect(d.decode!.relativeChange).toBeLessThan(-0.1);
    expect(d.decode!.p).toBeGreaterThanOrEqual(0.05);
    expect(d.decode!.flagged).toBe(false);
  });

  it("flags a prefill rate that falls, and keeps devices apart", () => {
    const runs = [
      ...session(
        () => 20,
        (m) => 200 - m * 1.5 + wobble(m),
        "phone-a",
      ),
      ...session(
        (m) => 20 + wobble(m),
        () => 200,
        "phone-b",
      ),
    ];
    const out = throttling(runs);
    expect(out.map((d) => d.deviceId)).toEqual(["phone-a", "phone-b"]);
    expect(out[0].prefill!.flagged).toBe(true);
    expect(out[0].prefill!.relativeChange).toBeCloseTo((-1.5 * 60) / 200, 2);
    expect(out[1].flagged).toBe(false);
  });

  it("keeps two tokens reporting one id apart (issue 34.2), and names the phone by the label given", () => {
    const hot = session((m) => 20 - 0.1 * m + wobble(m)).map((r) => ({ ...r, tokenDeviceId: "dev_a" }));
    const cool = session((m) => 20 + wobble(m)).map((r) => ({ ...r, tokenDeviceId: "dev_b" }));
    const out = throttling([...hot, ...cool]);
    expect(out.map((d) => [d.tokenDeviceId, d.deviceId, d.runs, d.flagged])).toEqual([
      ["dev_a", "phone-a", 13, true],
      ["dev_b", "phone-a", 13, false],
    ]);
    // Runs without a token (imported) are a phone of their own, with no token to link to.
    expect(throttling(session((m) => 20 + wobble(m)))[0].tokenDeviceId).toBeNull();
    expect(throttlingAdvice(out[0], "lab A · phone-a")).toMatch(/^lab A · phone-a slowed down during this session/);
  });

  it("cannot fit fewer than three timed runs", () => {
    expect(
      rateTrend([
        { x: 0, y: 20 },
        { x: 5, y: 18 },
      ]),
    ).toBeNull();
    const [d] = throttling(session(() => 20).slice(0, 2));
    expect(d.decode).toBeNull();
    expect(d.flagged).toBe(false);
  });
});

describe("changeText", () => {
  it("shows a trend's relative change with its sign, and a dash without one", async () => {
    const { changeText } = await import("@/domain/analytics/throttling");
    const [d] = throttling(session((m) => 20 - 0.1 * m + wobble(m)));
    expect(changeText(d.decode)).toMatch(/^−(29|30|31)%$/);
    expect(changeText(null)).toBe("–");
  });
});

describe("rates compared within a config", () => {
  it("does not flag a device whose slower-prefilling config happened to run late", () => {
    // Config "short" prefills 100 tokens/s, "long" 200 tokens/s, both flat over time; the device
    // ran the long-prompt config first and the short one last, so the raw rates fall by half.
    const runs: RunRates[] = Array.from({ length: 12 }, (_, i) => {
      const configId = i < 6 ? "long" : "short";
      const rate = (configId === "long" ? 200 : 100) + (i % 2 ? 1 : -1);
      return {
        sessionId: "s",
        deviceId: "d",
        configId,
        startedAtMs: T0 + i * 5 * 60_000,
        outputTokens: 100,
        decodeMs: 5000,
        promptTokens: 400,
        ttftMs: (400 / rate) * 1000,
      };
    });
    const [d] = throttling(runs);
    expect(d.prefill!.flagged).toBe(false);
    expect(Math.abs(d.prefill!.relativeChange)).toBeLessThan(0.05);
    // Without the config the same numbers read as a phone that lost half its prefill speed.
    const [raw] = throttling(runs.map(({ configId: _c, ...r }) => r));
    expect(raw.prefill!.flagged).toBe(true);
  });

  it("still flags a fall that every config shares", () => {
    const runs: RunRates[] = Array.from({ length: 12 }, (_, i) => {
      const configId = i % 2 ? "long" : "short";
      const rate = (configId === "long" ? 200 : 100) * (1 - 0.03 * i);
      return {
        sessionId: "s",
        deviceId: "d",
        configId,
        startedAtMs: T0 + i * 5 * 60_000,
        outputTokens: 100,
        decodeMs: 5000,
        promptTokens: 400,
        ttftMs: (400 / rate) * 1000,
      };
    });
    const [d] = throttling(runs);
    expect(d.prefill!.flagged).toBe(true);
    expect(d.prefill!.relativeChange).toBeLessThan(-0.2);
  });
});
