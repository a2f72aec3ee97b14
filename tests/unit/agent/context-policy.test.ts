import { describe, expect, it } from "vitest";
import {
  type ContextView,
  applyElide,
  planContext,
  planElide,
  planSummary,
  recentStart,
} from "@/domain/agent/context-policy";

// Window 1000: soft threshold 600, hard 850, recent budget 300 tokens (at least 2 turns).
const turns = [
  { tokens: 200, outputs: [{ tokens: 180, elided: false }] },
  { tokens: 150, outputs: [{ tokens: 130, elided: false }] },
  { tokens: 100, outputs: [{ tokens: 80, elided: false }] },
  { tokens: 50, outputs: [{ tokens: 30, elided: false }] },
];
const view = (used: number): ContextView => ({ window: 1000, used, turns });

describe("recent window", () => {
  it("keeps the newest turns that fit in 30% of the window", () => {
    // 50 + 100 + 150 = 300 ≤ 300; adding 200 would pass it.
    expect(recentStart(turns, 1000)).toBe(1);
  });
  it("always keeps two turns, even over budget", () => {
    expect(
      recentStart(
        [
          { tokens: 500, outputs: [] },
          { tokens: 500, outputs: [] },
          { tokens: 500, outputs: [] },
        ],
        1000,
      ),
    ).toBe(1);
    expect(recentStart([{ tokens: 500, outputs: [] }], 1000)).toBe(0);
  });
});

describe("elision", () => {
  it("stubs middle-region outputs oldest first until under the soft threshold", () => {
    // 700 - (180 - 10) = 530
    expect(planElide(view(700), 10)).toEqual({
      targets: [{ turn: 0, output: 0 }],
      tokensBefore: 700,
      tokensAfter: 530,
    });
  });
  it("skips elided and small outputs", () => {
    const small = [
      {
        tokens: 40,
        outputs: [
          { tokens: 30, elided: false },
          { tokens: 5, elided: true },
        ],
      },
      ...turns.slice(1),
    ];
    expect(planElide({ window: 1000, used: 900, turns: small }, 10)).toBeNull();
  });
  it("applying a plan shrinks the turn by what the stub saved", () => {
    const plan = planElide(view(700), 10)!;
    const after = applyElide(view(700), plan, 10);
    expect(after.used).toBe(530);
    expect(after.turns[0]).toEqual({ tokens: 30, outputs: [{ tokens: 10, elided: true }] });
  });
});

describe("modes", () => {
  it("does nothing under the thresholds or with mode none", () => {
    expect(planContext("elide", view(600), 10)).toEqual([]);
    expect(planContext("summarize", view(850), 10)).toEqual([]);
    expect(planContext("none", view(5000), 10)).toEqual([]);
  });
  it("elide mode elides past 60%", () => {
    expect(planContext("elide", view(700), 10).map((s) => s.kind)).toEqual(["elide"]);
  });
  it("summarize mode summarises the middle past 85%", () => {
    expect(planContext("summarize", view(900), 10)).toEqual([
      { kind: "summarize", plan: { upTo: 1, tokensBefore: 900, tokensWithoutTurns: 700 } },
    ]);
    expect(planSummary(view(900))).toEqual({ upTo: 1, tokensBefore: 900, tokensWithoutTurns: 700 });
  });
  it("staged elides and stops when that is enough", () => {
    // 1000 - 170 = 830 ≤ 850
    expect(planContext("staged", view(1000), 10).map((s) => s.kind)).toEqual(["elide"]);
  });
  it("does not summarise a middle smaller than a summary", () => {
    // The middle is turn 0: 199 tokens < 200.
    const small = [{ tokens: 199, outputs: [] }, ...turns.slice(1)];
    expect(planSummary({ window: 1000, used: 900, turns: small })).toBeNull();
  });
  it("staged summarises the elided view when elision is not enough", () => {
    // Turn 0 holds 500 tokens, 180 of them its tool output: 1100 - 170 = 930 > 850;
    // turn 0 is now 330 tokens (≥ 200, worth a summary): 930 - 330 = 600.
    const big = [{ tokens: 500, outputs: [{ tokens: 180, elided: false }] }, ...turns.slice(1)];
    const steps = planContext("staged", { window: 1000, used: 1100, turns: big }, 10);
    expect(steps.map((s) => s.kind)).toEqual(["elide", "summarize"]);
    expect(steps[1]).toEqual({ kind: "summarize", plan: { upTo: 1, tokensBefore: 930, tokensWithoutTurns: 600 } });
    // The original view's turn 0 (30 tokens after elision) would not be worth summarising.
    expect(planContext("staged", view(1100), 10).map((s) => s.kind)).toEqual(["elide"]);
  });
});
