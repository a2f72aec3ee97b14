import { describe, expect, it } from "vitest";
import { issueFields, readPageFilter, toUrlParams } from "@/domain/analytics/searchParams";

describe("a page's search params", () => {
  it("keep every value of a repeated parameter, in order, and drop absent ones", () => {
    expect(toUrlParams({ session: ["a", "b"], build: "x", device: undefined }).toString()).toBe(
      "session=a&session=b&build=x",
    );
  });

  it("give the shared filter, or the fields that do not parse", () => {
    const ok = readPageFilter({ session: ["a", "b"], charging: "false" });
    expect(ok.success && ok.data).toMatchObject({ sessions: ["a", "b"], charging: false });
    const bad = readPageFilter({ thermal: "hot", session: ["x".repeat(101)] });
    expect(bad.success).toBe(false);
    if (!bad.success) expect(issueFields(bad.error).sort()).toEqual(["sessions.0", "thermal"]);
  });
});
