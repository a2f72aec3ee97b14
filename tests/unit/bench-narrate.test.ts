import { describe, expect, it } from "vitest";
import { Trace } from "@/domain/protocol";
import { hasToolCallSyntax } from "@/domain/scoring/metrics";
import { narrate, targetBytes } from "../../scripts/lib/narrate";
import { traceFor } from "../support/server";

const job = { id: "job_1", attempt: 1, lease: { token: "lease_x" }, task: { workspace: { files: [] } } };
const base = (): Trace => {
  const t = traceFor(job as never, { reply: "Done." }) as Trace;
  return {
    ...t,
    turns: [0, 1, 2].map((i) => ({
      promptTokens: 40,
      contextTokens: 400,
      ttftMs: 300,
      outputTokens: 20,
      decodeMs: 1000,
      text: `turn ${i}`,
      toolCalls: [],
    })),
  };
};
const bytes = (t: unknown) => Buffer.byteLength(JSON.stringify(t));

describe("narrate (seeding's realistic trace sizes)", () => {
  it("draws sizes within 5–50 KB, never below the trace's own", () => {
    for (let seed = 1; seed < 200; seed++) {
      const t = targetBytes(6000, seed);
      expect(t).toBeGreaterThanOrEqual(6000);
      expect(t).toBeLessThanOrEqual(50 * 1024);
    }
    expect(targetBytes(70_000, 3)).toBe(70_000);
  });

  it("widens a trace to about the target, keeps it valid, adds no call syntax, and grows tokens and decode time to match", () => {
    const t = base();
    const wide = narrate(t, 30_000, 7);
    expect(bytes(wide)).toBeGreaterThanOrEqual(29_000);
    expect(bytes(wide)).toBeLessThanOrEqual(31_000);
    expect(Trace.safeParse(wide).success).toBe(true);
    wide.turns.forEach((turn, i) => {
      expect(turn.text.endsWith(t.turns[i].text)).toBe(true);
      expect(hasToolCallSyntax(turn.text.slice(0, -t.turns[i].text.length))).toBe(false);
      const added = Math.round((turn.text.length - t.turns[i].text.length) / 4);
      expect(turn.outputTokens).toBe(20 + added);
      expect(turn.decodeMs).toBe(1000 + added * 50); // the turn's own 50 ms per token
    });
    expect(narrate(t, 30_000, 7)).toEqual(wide); // deterministic
    expect(narrate(t, 100, 7)).toBe(t); // already larger: unchanged
  });
});
