import { describe, expect, it } from "vitest";
import { emptyCounts, formatDuration, sessionProgress } from "@/domain/queue";

describe("sessionProgress", () => {
  it("counts completed, failed and cancelled jobs as done", () => {
    const p = sessionProgress({ queued: 5, leased: 1, completed: 3, failed: 1, cancelled: 0 }, 0, 40_000);
    expect(p).toEqual({ total: 10, done: 4, fraction: 0.4, etaMs: 60_000 });
  });
  it("has no ETA before the first job is done, nor after the last", () => {
    expect(sessionProgress({ ...emptyCounts(), queued: 4 }, null, 1000).etaMs).toBeNull();
    expect(sessionProgress({ ...emptyCounts(), queued: 3, leased: 1 }, 0, 1000).etaMs).toBeNull();
    expect(sessionProgress({ ...emptyCounts(), completed: 4 }, 0, 1000)).toEqual({
      total: 4,
      done: 4,
      fraction: 1,
      etaMs: null,
    });
  });
  it("is empty for an empty session", () => {
    expect(sessionProgress(emptyCounts(), null, 0)).toEqual({ total: 0, done: 0, fraction: 0, etaMs: null });
  });
});

describe("formatDuration", () => {
  it.each([
    [0, "0 s"],
    [45_400, "45 s"],
    [200_000, "3 min 20 s"],
    [3_900_000, "1 h 05 min"],
  ])("%i ms reads %s", (ms, text) => expect(formatDuration(ms)).toBe(text));
});
