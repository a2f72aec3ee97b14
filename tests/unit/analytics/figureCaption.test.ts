import { describe, expect, it } from "vitest";
import { figureCaption, isoDate, titleFromName } from "@/domain/analytics/figureCaption";

const AT = Date.UTC(2026, 11, 4, 23, 59); // 2026-12-04 23:59 UTC

describe("figureCaption", () => {
  it("carries title, n (runs, tasks), the session and the date", () => {
    const c = figureCaption({
      title: "Pass rate per config",
      runs: 120,
      tasks: 20,
      sessions: ["Study A"],
      lastRunAt: AT,
    });
    expect(c.title).toBe("Pass rate per config");
    expect(c.lines).toEqual(["n = 120 runs, 20 tasks", "Session: Study A", "Runs up to 2026-12-04 (UTC)"]);
    expect(c.desc).toBe("Pass rate per config. n = 120 runs, 20 tasks. Session: Study A. Runs up to 2026-12-04 (UTC).");
  });
  it("names three sessions on the visible line and all of them in the description", () => {
    const c = figureCaption({ title: "T", runs: 1, tasks: 1, sessions: ["a", "b", "c", "d", "e"], lastRunAt: AT });
    expect(c.lines[0]).toBe("n = 1 run, 1 task");
    expect(c.lines[1]).toBe("Sessions: a, b, c and 2 more");
    expect(c.desc).toContain("Sessions: a, b, c, d, e.");
  });
  it("says when every session is pooled, and when there are no runs", () => {
    const c = figureCaption({ title: "T", runs: 0, tasks: 0, sessions: [], allSessions: true, lastRunAt: null });
    expect(c.lines).toEqual(["n = 0 runs, 0 tasks", "Sessions: all sessions pooled", "No runs yet"]);
  });
  it("writes thousands with a separator", () => {
    expect(figureCaption({ title: "T", runs: 20000, tasks: 20, sessions: ["s"], lastRunAt: AT }).lines[0]).toBe(
      "n = 20,000 runs, 20 tasks",
    );
  });
  it("dates in UTC", () => {
    expect(isoDate(Date.UTC(2026, 0, 1, 0, 0))).toBe("2026-01-01");
  });
});

describe("titleFromName", () => {
  it("turns a file name into a sentence-case title", () => {
    expect(titleFromName("pass-rate-per-config")).toBe("Pass rate per config");
    expect(titleFromName("")).toBe("Figure");
  });
});
