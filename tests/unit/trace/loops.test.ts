import { describe, expect, it } from "vitest";
import { foldLabel, identicalRuns, timelineItems, turnIdentity } from "@/domain/trace";

const turn = (text: string, command = "ls /", ok = true, result = "a.md") => ({
  text,
  toolCalls: [{ name: "bash", args: { command }, ok, result }],
});

describe("turnIdentity", () => {
  it("ignores argument key order, timings and tokens, but not the text, results or success", () => {
    const a = { ...turn("x"), promptTokens: 1, ttftMs: 5 };
    const b = { text: "x", toolCalls: [{ args: { command: "ls /" }, name: "bash", result: "a.md", ok: true }] };
    expect(turnIdentity(a)).toBe(turnIdentity(b));
    expect(turnIdentity(turn("x"))).not.toBe(turnIdentity(turn("y")));
    expect(turnIdentity(turn("x"))).not.toBe(turnIdentity(turn("x", "ls /", true, "b.md")));
    expect(turnIdentity(turn("x"))).not.toBe(turnIdentity(turn("x", "ls /", false)));
    expect(turnIdentity(turn("x"))).not.toBe(turnIdentity({ text: "x" }));
  });
});

describe("identicalRuns", () => {
  it("finds runs of three or more identical turns in a row, 1-based and inclusive", () => {
    const turns = [turn("a"), ...Array.from({ length: 12 }, () => turn("loop")), turn("b"), turn("b"), turn("c")];
    expect(identicalRuns(turns)).toEqual([{ from: 2, to: 13, count: 12 }]);
    // two in a row is not a loop by default, but is with min 2
    expect(identicalRuns(turns, 2)).toEqual([
      { from: 2, to: 13, count: 12 },
      { from: 14, to: 15, count: 2 },
    ]);
  });
  it("reaches the last turn, and finds nothing in an empty or varied trace", () => {
    expect(identicalRuns([turn("a"), turn("z"), turn("z"), turn("z")])).toEqual([{ from: 2, to: 4, count: 3 }]);
    expect(identicalRuns([])).toEqual([]);
    expect(identicalRuns(Array.from({ length: 5 }, (_, i) => turn(`step ${i}`)))).toEqual([]);
    // the same text with a different call each time is progress, not a loop
    expect(identicalRuns(Array.from({ length: 5 }, (_, i) => turn("again", `cat /${i}.md`)))).toEqual([]);
  });
});

describe("timelineItems", () => {
  it("keeps each run's first turn and folds the rest", () => {
    const runs = [{ from: 2, to: 5, count: 4 }];
    expect(timelineItems(7, runs)).toEqual([
      { kind: "turn", n: 1, run: null },
      { kind: "turn", n: 2, run: runs[0] },
      { kind: "fold", run: runs[0], turns: [3, 4, 5] },
      { kind: "turn", n: 6, run: null },
      { kind: "turn", n: 7, run: null },
    ]);
  });
  it("handles back-to-back runs and a run ending the trace", () => {
    const runs = [
      { from: 1, to: 3, count: 3 },
      { from: 4, to: 6, count: 3 },
    ];
    expect(timelineItems(6, runs).map((i) => (i.kind === "turn" ? i.n : i.turns))).toEqual([1, [2, 3], 4, [5, 6]]);
    expect(timelineItems(0, [])).toEqual([]);
  });
});

describe("foldLabel", () => {
  it("says how many turns and which ones repeat which", () => {
    expect(foldLabel({ from: 5, to: 16, count: 12 })).toBe(
      "×12, identical: turns 6–16 repeat turn 5 exactly (same text and tool calls)",
    );
    expect(foldLabel({ from: 1, to: 2, count: 2 })).toBe(
      "×2, identical: turn 2 repeats turn 1 exactly (same text and tool calls)",
    );
  });
});
