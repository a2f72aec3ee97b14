import { describe, expect, it } from "vitest";
import { transitionMatrix } from "@/domain/analytics/transitions";

describe("transitionMatrix", () => {
  it("counts hand-built pairs with row and column totals", () => {
    // Six pairs (a's outcome → b's): finished→finished ×2, finished→tool_limit ×1,
    // gave_up→finished ×1, gave_up→tool_limit ×1, context_full→context_full ×1.
    const pairs: [string, string][] = [
      ["finished", "finished"],
      ["finished", "tool_limit"],
      ["gave_up", "finished"],
      ["finished", "finished"],
      ["gave_up", "tool_limit"],
      ["context_full", "context_full"],
    ];
    const facts = pairs.map(([from, to]) => ({ from, to, n: 1 }));
    const m = transitionMatrix(facts);
    expect(m.counts.finished).toMatchObject({ finished: 2, tool_limit: 1, gave_up: 0 });
    expect(m.counts.gave_up).toMatchObject({ finished: 1, tool_limit: 1 });
    expect(m.counts.context_full.context_full).toBe(1);
    expect(m.rowTotals).toMatchObject({ finished: 3, gave_up: 2, context_full: 1, crashed: 0 });
    expect(m.columnTotals).toMatchObject({ finished: 3, tool_limit: 2, context_full: 1, gave_up: 0 });
    expect(m.total).toBe(6);
    expect(m.outcomes).toEqual([
      "finished",
      "wrong_result",
      "asked_instead",
      "gave_up",
      "tool_limit",
      "context_full",
      "crashed",
    ]);
  });

  it("refuses a label outside the protocol", () => {
    expect(() => transitionMatrix([{ from: "finished", to: "exploded", n: 1 }])).toThrow(RangeError);
  });
});
