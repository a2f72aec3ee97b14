import { describe, expect, it } from "vitest";
import { sessionFigureContext } from "@/domain/sessions";

describe("sessionFigureContext", () => {
  it("counts the configs' runs, the tasks of current runs and dates by the newest received run", () => {
    const ctx = sessionFigureContext(
      "Study A",
      [{ runs: 2 }, { runs: 1 }],
      [
        { taskId: "a", superseded: false, receivedAt: "2026-12-03T10:00:00.000Z" },
        { taskId: "b", superseded: false, receivedAt: "2026-12-04T23:00:00.000Z" },
        { taskId: "a", superseded: false, receivedAt: "2026-12-04T01:00:00.000Z" },
        { taskId: "c", superseded: true, receivedAt: "2026-12-05T00:00:00.000Z" },
      ],
    );
    expect(ctx).toEqual({
      runs: 3,
      tasks: 2,
      sessions: ["Study A"],
      lastRunAt: Date.UTC(2026, 11, 4, 23),
    });
  });
  it("has no date without runs", () => {
    expect(sessionFigureContext("S", [], []).lastRunAt).toBeNull();
  });
});
