import { describe, expect, it } from "vitest";
import { BASH_TOOL, FILE_TOOLS, PLAN_TOOL } from "@/domain/suite/harness-tools";
import {
  LATENCY,
  compute,
  decodeMs,
  idle,
  isCold,
  loadMs,
  newPhoneState,
  rest,
  startupTokens,
  thermalOf,
  toolTokens,
  ttftMs,
} from "@/sim/latency";
import { createRng } from "@/sim/rng";

function fit(xs: number[], ys: number[]) {
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    sxy += (xs[i] - mx) * (ys[i] - my);
    sxx += (xs[i] - mx) ** 2;
  }
  const slope = sxy / sxx;
  return { slope, intercept: my - slope * mx };
}

describe("latency model", () => {
  it("TTFT is linear in prompt tokens with a slope of about 5.2 ms/token", () => {
    const phone = newPhoneState();
    const rng = createRng(1);
    const xs: number[] = [];
    const ys: number[] = [];
    for (const tokens of [297, 548, 1015, 1482]) {
      for (let r = 0; r < 3; r++) {
        xs.push(tokens);
        ys.push(ttftMs(phone, rng, tokens));
      }
    }
    const { slope, intercept } = fit(xs, ys);
    expect(slope).toBeGreaterThan(5.0);
    expect(slope).toBeLessThan(5.4);
    expect(intercept).toBeGreaterThan(0);
    expect(intercept).toBeLessThan(400);
    // The study's points: 1.7 s at 297 tokens, 7.8 s at 1,482 (repeats within 0.2 s).
    expect(Math.abs(ttftMs(phone, rng, 297) - 1700)).toBeLessThan(200);
    expect(Math.abs(ttftMs(phone, rng, 1482) - 7800)).toBeLessThan(300);
  });

  it("a slower build (--build-slowdown) scales TTFT, decode and load by its factor, and factor 1 changes nothing", () => {
    const at = (buildFactor?: number) => {
      const phone = newPhoneState(buildFactor === undefined ? {} : { buildFactor });
      const rng = createRng(7);
      return [ttftMs(phone, rng, 800), decodeMs(phone, rng, 40), loadMs(phone, rng, 1138)];
    };
    const base = at();
    expect(at(1)).toEqual(base);
    at(1.3).forEach((ms, i) => expect(ms / base[i]).toBeCloseTo(1.3, 2));
  });

  it("is monotonic in prompt tokens when noise is averaged out", () => {
    const phone = newPhoneState();
    const rng = createRng(2);
    let prev = -1;
    for (let tokens = 0; tokens <= 2000; tokens += 100) {
      let sum = 0;
      for (let i = 0; i < 20; i++) sum += ttftMs(phone, rng, tokens);
      expect(sum / 20).toBeGreaterThan(prev);
      prev = sum / 20;
    }
  });

  it("decodes at about 20 tokens/s", () => {
    const ms = decodeMs(newPhoneState(), createRng(3), 200);
    expect(ms).toBeGreaterThan(9500);
    expect(ms).toBeLessThan(10500);
  });

  it("start-up tokens: file tools near 1,138, bash near 300 with a short system prompt, plan ≈ +200", () => {
    expect(Math.abs(toolTokens(FILE_TOOLS) - 1138)).toBeLessThan(30);
    expect(Math.abs(toolTokens([PLAN_TOOL]) - 213)).toBeLessThan(40);
    const systemPrompt = "x".repeat(420); // ~105 tokens
    expect(Math.abs(startupTokens({ systemPrompt, tools: [BASH_TOOL] }) - 300)).toBeLessThan(10);
    // Load time follows the same line: ~2.2 s for bash, ~6.6 s with the file tools.
    const phone = newPhoneState();
    const rng = createRng(4);
    expect(Math.abs(loadMs(phone, rng, 300) - 2200)).toBeLessThan(150);
    expect(Math.abs(loadMs(phone, rng, 1351) - 7800)).toBeLessThan(300);
    expect(loadMs(phone, rng, startupTokens({ systemPrompt, tools: FILE_TOOLS }))).toBeGreaterThan(6000);
  });

  it("pays the warm-up penalty when cold and only then", () => {
    const phone = newPhoneState();
    const rng = createRng(5);
    expect(isCold(phone)).toBe(true);
    const cold = ttftMs(phone, rng, 50, createRng(6));
    const warm = ttftMs(phone, rng, 50);
    expect(cold - warm).toBeGreaterThan(2300);
    expect(cold - warm).toBeLessThan(3700);
    compute(phone, 1000);
    expect(isCold(phone)).toBe(false);
    idle(phone, LATENCY.warmAfterIdleMs + 1);
    expect(isCold(phone)).toBe(true);
  });

  it("sustained load heats the phone (nominal → fair → serious), which slows it; rest cools it", () => {
    const phone = newPhoneState();
    const rng = createRng(6);
    const base = ttftMs(phone, rng, 1000);
    const seen = new Set<string>([thermalOf(phone.heat)]);
    for (let i = 0; i < 40; i++) {
      compute(phone, 5000);
      seen.add(thermalOf(phone.heat));
    }
    expect([...seen]).toEqual(expect.arrayContaining(["nominal", "fair", "serious"]));
    expect(ttftMs(phone, rng, 1000)).toBeGreaterThan(base * 1.2);
    const restMs = rest(phone, "nominal", 180_000);
    expect(restMs).toBeGreaterThan(0);
    expect(restMs).toBeLessThanOrEqual(180_000);
    const capped = newPhoneState({ heat: 5 });
    expect(rest(capped, "nominal", 10_000)).toBe(10_000);
    expect(thermalOf(capped.heat)).not.toBe("nominal");
  });

  it("charging runs slightly slower and hotter", () => {
    const a = newPhoneState();
    const b = newPhoneState({ charging: true });
    expect(ttftMs(b, createRng(7), 1000)).toBeGreaterThan(ttftMs(a, createRng(7), 1000));
    compute(a, 10_000);
    compute(b, 10_000);
    expect(b.heat).toBeGreaterThan(a.heat);
  });
});
