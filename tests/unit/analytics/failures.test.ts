import { describe, expect, it } from "vitest";
import { rankFailurePatterns, type PatternFacts } from "@/domain/analytics/failures";

const f = (taskId: string, configId: string, pattern: string | null, n: number, group = "files"): PatternFacts => ({
  taskId,
  group,
  configId,
  pattern,
  n,
});

describe("rankFailurePatterns", () => {
  it("picks the most common pattern per task × config and counts k of the failing runs", () => {
    const rows = rankFailurePatterns(
      [
        f("wifi", "bash", "cat <guessed path> ✗ → stop", 2),
        f("wifi", "bash", "grep <dir> ✓ → stop", 1),
        f("wifi", "files", "read_file ✗ → ask", 3),
      ],
      [
        { taskId: "wifi", configId: "bash", runs: 3 },
        { taskId: "wifi", configId: "files", runs: 4 },
      ],
    );
    expect(rows).toEqual([
      {
        taskId: "wifi",
        group: "files",
        configId: "bash",
        runs: 3,
        failing: 3,
        pattern: "cat <guessed path> ✗ → stop",
        following: 2,
        patterns: 2,
      },
      {
        taskId: "wifi",
        group: "files",
        configId: "files",
        runs: 4,
        failing: 3,
        pattern: "read_file ✗ → ask",
        following: 3,
        patterns: 1,
      },
    ]);
  });

  it("breaks ties by fewer steps, then code-unit order; an unknown pattern never wins a tie", () => {
    const fewer = rankFailurePatterns([f("t", "c", "a ✓ → b ✗ → stop", 1), f("t", "c", "z ✗ → stop", 1)], []);
    expect(fewer[0].pattern).toBe("z ✗ → stop");
    const order = rankFailurePatterns([f("t", "c", "b ✗ → stop", 1), f("t", "c", "a ✗ → stop", 1)], []);
    expect(order[0].pattern).toBe("a ✗ → stop");
    const unknown = rankFailurePatterns([f("t", "c", null, 1), f("t", "c", "ask", 1)], []);
    expect(unknown[0].pattern).toBe("ask");
    expect(rankFailurePatterns([f("t", "c", null, 2), f("t", "c", "ask", 1)], [])[0]).toMatchObject({
      pattern: null,
      following: 2,
      failing: 3,
    });
  });

  it("orders rows by task group, task id, then config id", () => {
    const rows = rankFailurePatterns(
      [
        f("b", "x", "stop", 1, "multi_step"),
        f("a", "y", "stop", 1, "multi_step"),
        f("a", "x", "stop", 1, "multi_step"),
        f("z", "x", "ask", 1, "files"),
      ],
      [],
    );
    expect(rows.map((r) => `${r.taskId}/${r.configId}`)).toEqual(["z/x", "a/x", "a/y", "b/x"]);
  });
});
