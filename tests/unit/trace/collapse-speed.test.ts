import { describe, expect, it } from "vitest";
import { collapse, contextFraction, formatSpeed, tokensPerSecond } from "@/domain/trace";

describe("collapse", () => {
  it("keeps short text whole", () => {
    expect(collapse("a\nb")).toEqual({ head: "a\nb", cut: false, lines: 2 });
  });

  it("cuts after the 20th line", () => {
    const text = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`).join("\n");
    const c = collapse(text);
    expect(c.cut).toBe(true);
    expect(c.lines).toBe(30);
    expect(c.head.split("\n")).toHaveLength(20);
    expect(c.head.endsWith("line 20")).toBe(true);
  });

  it("cuts a single long line at 2,000 characters", () => {
    const c = collapse("x".repeat(1_000_000));
    expect(c).toEqual({ head: "x".repeat(2000), cut: true, lines: 1 });
  });

  it("does not split a surrogate pair at the cut", () => {
    const c = collapse("a" + "👍".repeat(1500), 20, 2000);
    // 'a' + 999 whole emoji = 1999 code units; the 2000th would be half an emoji
    expect(c.head.length).toBe(1999);
  });
});

describe("decode speed and context share", () => {
  it("tokens per second = outputTokens / decodeMs × 1000", () => {
    expect(tokensPerSecond(40, 2000)).toBe(20);
    expect(tokensPerSecond(1, 3)).toBeCloseTo(333.333, 3);
    expect(tokensPerSecond(0, 500)).toBe(0);
  });

  it("no decode time gives no speed", () => {
    expect(tokensPerSecond(10, 0)).toBeNull();
    expect(formatSpeed(null)).toBe("–");
    expect(formatSpeed(20)).toBe("20.0 tok/s");
  });

  it("context share against the window, may exceed 1, null without a window", () => {
    expect(contextFraction(512, 2048)).toBe(0.25);
    expect(contextFraction(3000, 2048)).toBeCloseTo(1.4648, 4);
    expect(contextFraction(100, 0)).toBeNull();
    expect(contextFraction(100, null)).toBeNull();
  });
});
