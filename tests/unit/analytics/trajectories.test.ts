import { describe, expect, it } from "vitest";
import { firstDivergence, trajectoryDiff, type PathFacts } from "@/domain/analytics/trajectories";

const f = (configId: string, pattern: string | null, outcome: string, n: number, taskId = "t"): PathFacts => ({
  taskId,
  configId,
  pattern,
  outcome,
  n,
});

describe("trajectoryDiff", () => {
  it("puts the majority paths side by side, with how their runs ended and where they part", () => {
    const a = [
      f("a", "read_file ✓ → write_file ✓ → stop", "finished", 2),
      f("a", "read_file ✓ → write_file ✓ → stop", "wrong_result", 1),
      f("a", "ask", "asked_instead", 1),
    ];
    const b = [
      f("b", "read_file ✓ → cat <guessed path> ✗ → give up", "gave_up", 3),
      f("b", "read_file ✓ → write_file ✓ → stop", "finished", 1),
    ];
    const [t] = trajectoryDiff(a, b);
    expect(t.a[0]).toEqual({
      pattern: "read_file ✓ → write_file ✓ → stop",
      steps: ["read_file ✓", "write_file ✓", "stop"],
      runs: 3,
      outcomes: { finished: 2, wrong_result: 1 },
    });
    expect(t.b[0].outcomes).toEqual({ gave_up: 3 });
    expect(t.a.map((p) => p.runs)).toEqual([3, 1]);
    // Same first call, different second.
    expect(t.divergesAt).toBe(2);
  });

  it("leaves out tasks run on one side, and breaks ties by fewer steps", () => {
    const out = trajectoryDiff(
      [
        f("a", "x ✓ → y ✓ → stop", "finished", 1),
        f("a", "ask", "asked_instead", 1),
        f("a", "ask", "asked_instead", 1, "only-a"),
      ],
      [f("b", "ask", "asked_instead", 2)],
    );
    expect(out.map((t) => t.taskId)).toEqual(["t"]);
    expect(out[0].a[0].pattern).toBe("ask");
    expect(out[0].divergesAt).toBeNull();
  });
});

describe("firstDivergence", () => {
  it("is the step after the shorter path when one is a prefix", () => {
    expect(firstDivergence(["a ✓", "stop"], ["a ✓", "stop"])).toBeNull();
    expect(firstDivergence(["a ✓"], ["a ✓", "b ✓"])).toBe(2);
    expect(firstDivergence(["a ✓"], ["a ✗"])).toBe(1);
  });
});
