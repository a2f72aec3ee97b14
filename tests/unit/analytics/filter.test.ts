import { describe, expect, it } from "vitest";
import { parseFilter } from "@/domain/analytics/filter";
import { filterToParams } from "@/domain/analytics/filterParams";

describe("analytics filter", () => {
  it("reads repeatable sessions and every optional filter", () => {
    const r = parseFilter(
      new URLSearchParams("session=a&session=b&build=3f2c1e9&device=ip-1&thermal=fair&charging=false&includeTrial=1"),
    );
    expect(r.success && r.data).toEqual({
      sessions: ["a", "b"],
      allSessions: false,
      build: "3f2c1e9",
      device: "ip-1",
      thermal: "fair",
      charging: false,
      includeTrial: true,
      includeSuperseded: false,
    });
  });
  it("defaults to no named session (analytics: the newest; exports: all), no trial and no superseded runs", () => {
    const r = parseFilter(new URLSearchParams(""));
    expect(r.success && r.data).toEqual({
      sessions: [],
      allSessions: false,
      includeTrial: false,
      includeSuperseded: false,
    });
  });
  it("names each bad parameter", () => {
    const r = parseFilter(new URLSearchParams("thermal=hot&charging=maybe"));
    expect(r.success).toBe(false);
    if (!r.success)
      expect(r.error.issues.map((i) => i.path.join("."))).toEqual(expect.arrayContaining(["thermal", "charging"]));
  });
  it("round-trips through a query string", () => {
    const f = { sessions: ["s1", "s2"], build: "abc", charging: true, includeSuperseded: true };
    const back = parseFilter(filterToParams(f));
    expect(back.success && back.data).toEqual({ ...f, allSessions: false, includeTrial: false });
    const pooled = parseFilter(filterToParams({ allSessions: true }));
    expect(pooled.success && pooled.data).toMatchObject({ sessions: [], allSessions: true });
  });
});
