import { describe, expect, it } from "vitest";
import { pageWindow, parseRunsPage } from "@/domain/analytics/runs-query";

describe("pageWindow", () => {
  it("gives the rows of a page and clamps past the end", () => {
    expect(pageWindow(1234, 2, 50)).toEqual({ pages: 25, current: 2, first: 51, last: 100, offset: 50 });
    expect(pageWindow(1234, 25, 50)).toEqual({ pages: 25, current: 25, first: 1201, last: 1234, offset: 1200 });
    expect(pageWindow(1234, 99, 50).current).toBe(25);
    expect(pageWindow(0, 1, 50)).toEqual({ pages: 1, current: 1, first: 0, last: 0, offset: 0 });
  });
});

describe("parseRunsPage", () => {
  it("defaults to the newest runs first, 50 a page", () => {
    const r = parseRunsPage(new URLSearchParams(""));
    expect(r.success && r.data).toEqual({ sort: "received", dir: "desc", page: 1, pageSize: 50, q: "" });
  });
  it("accepts only whitelisted sort columns", () => {
    expect(parseRunsPage(new URLSearchParams("sort=ttft&dir=asc&page=3")).success).toBe(true);
    expect(parseRunsPage(new URLSearchParams("sort=r.id;DROP TABLE runs")).success).toBe(false);
    // The search is trimmed, and at most 200 characters.
    const q = parseRunsPage(new URLSearchParams("q=%20%20zebra%20"));
    expect(q.success && q.data.q).toBe("zebra");
    expect(parseRunsPage(new URLSearchParams(`q=${"x".repeat(201)}`)).success).toBe(false);
    expect(parseRunsPage(new URLSearchParams("pageSize=100000")).success).toBe(false);
  });
});
