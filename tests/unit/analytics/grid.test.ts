import { describe, expect, it } from "vitest";
import { buildTaskGrid } from "@/domain/analytics/grid";
import { outcomeDistribution } from "@/domain/analytics/outcomes";

describe("buildTaskGrid", () => {
  const cell = (taskId: string, configId: string, group: string, passed: number, runs = 3, heldOut = false) => ({
    taskId,
    configId,
    group,
    heldOut,
    runs,
    passed,
  });
  it("orders tasks by group, held-out last in their group, then id; configs by id", () => {
    const g = buildTaskGrid([
      cell("todo", "files", "multi_step", 0),
      cell("sum", "files", "no_files", 3),
      cell("zz-held", "files", "no_files", 1, 3, true),
      cell("recall", "bash", "no_files", 3),
      cell("search", "bash", "files", 2),
    ]);
    expect(g.tasks.map((t) => t.taskId)).toEqual(["recall", "sum", "zz-held", "search", "todo"]);
    expect(g.configs).toEqual(["bash", "files"]);
    expect(g.cells.search.bash).toEqual({ runs: 3, passed: 2 });
    expect(g.cells.sum.bash).toBeUndefined();
  });
  it("counts tasks that are all-or-nothing under every config", () => {
    const g = buildTaskGrid([
      cell("a", "x", "files", 3),
      cell("a", "y", "files", 0),
      cell("b", "x", "files", 1),
      cell("c", "x", "files", 0),
    ]);
    expect(g.deterministicTasks).toBe(2);
  });
});

describe("outcomeDistribution", () => {
  const facts = [
    { configId: "files", group: "no_files", outcome: "finished", n: 21 },
    { configId: "files", group: "files", outcome: "asked_instead", n: 9 },
    { configId: "files", group: "multi_step", outcome: "gave_up", n: 5 },
    { configId: "bare", group: "files", outcome: "asked_instead", n: 18 },
  ];
  it("keeps every label, zero where none, for all tasks", () => {
    const rows = outcomeDistribution(facts, "all");
    expect(rows.map((r) => r.configId)).toEqual(["bare", "files"]);
    expect(rows[1]).toEqual({
      configId: "files",
      total: 35,
      counts: {
        finished: 21,
        wrong_result: 0,
        asked_instead: 9,
        gave_up: 5,
        tool_limit: 0,
        context_full: 0,
        crashed: 0,
      },
    });
  });
  it("restricts to tasks that need files, or to multi-step tasks", () => {
    expect(outcomeDistribution(facts, "files").find((r) => r.configId === "files")!.total).toBe(14);
    const multi = outcomeDistribution(facts, "multi_step");
    expect(multi.map((r) => [r.configId, r.total])).toEqual([["files", 5]]);
  });
});
