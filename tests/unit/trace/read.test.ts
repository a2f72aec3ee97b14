import { describe, expect, it } from "vitest";
import { readTrace, stepTurn } from "@/domain/trace";
import { trace, turn } from "../scoring/build";

describe("readTrace", () => {
  it("a full trace parses", () => {
    const r = readTrace(trace({ turns: [turn({ text: "hi" })] }));
    expect(r.kind).toBe("full");
  });

  it("an imported body keeps timings and calls, drops nothing it does not have", () => {
    const r = readTrace({
      imported: true,
      turns: [{ promptTokens: 1, contextTokens: 2, ttftMs: 3, outputTokens: 4, decodeMs: 5 }],
      toolCalls: [{ name: "ls", args: {}, ok: true, ms: null }],
    });
    expect(r).toEqual({
      kind: "imported",
      turns: [{ promptTokens: 1, contextTokens: 2, ttftMs: 3, outputTokens: 4, decodeMs: 5 }],
      calls: [{ name: "ls", args: {}, ok: true, ms: null }],
      reply: null,
    });
    expect(readTrace({ imported: true })).toEqual({ kind: "imported", turns: [], calls: [], reply: null });
  });

  it("an imported body keeps the final reply a v1.1 runs.json carries", () => {
    expect(readTrace({ imported: true, reply: "Booked for Tuesday." })).toMatchObject({
      kind: "imported",
      reply: "Booked for Tuesday.",
    });
  });

  it("anything else is reported with the first problem", () => {
    const r = readTrace({ turns: "no" });
    expect(r.kind).toBe("invalid");
    expect(readTrace(null).kind).toBe("invalid");
  });
});

describe("stepTurn", () => {
  it("j from nothing goes to the first turn, k to the last", () => {
    expect(stepTurn(0, 1, 5)).toBe(1);
    expect(stepTurn(0, -1, 5)).toBe(5);
  });
  it("moves by one and stops at the ends", () => {
    expect(stepTurn(2, 1, 5)).toBe(3);
    expect(stepTurn(5, 1, 5)).toBe(5);
    expect(stepTurn(1, -1, 5)).toBe(1);
    expect(stepTurn(3, 1, 0)).toBe(0);
  });
});
