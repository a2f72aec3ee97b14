import { describe, expect, it } from "vitest";
import { failedChecks, wallMs } from "@/domain/export";

describe("failed_checks (protocol.md §4 v1.1)", () => {
  it("lists the ids of the failed checks in check order, ;-separated", () => {
    expect(
      failedChecks([
        { id: "answer", passed: false },
        { id: "file", passed: true },
        { id: "no-delete", passed: false },
      ]),
    ).toBe("answer;no-delete");
  });
  it("is empty when every check passed or there are none", () => {
    expect(failedChecks([{ id: "answer", passed: true }])).toBe("");
    expect(failedChecks([])).toBe("");
  });
});

describe("wall_ms (protocol.md §4 v1.1)", () => {
  it("is endedAt − startedAt in milliseconds, offsets included", () => {
    expect(wallMs("2026-10-14T09:00:00Z", "2026-10-14T09:00:08.250Z")).toBe(8250);
    expect(wallMs("2026-10-14T11:00:00+02:00", "2026-10-14T09:01:00Z")).toBe(60_000);
  });
  it("is null when a time is missing or not a date, and keeps a clock that stepped back visible", () => {
    expect(wallMs(null, "2026-10-14T09:00:00Z")).toBeNull();
    expect(wallMs("2026-10-14T09:00:00Z", "soon")).toBeNull();
    expect(wallMs("2026-10-14T09:00:01Z", "2026-10-14T09:00:00Z")).toBe(-1000);
  });
});
