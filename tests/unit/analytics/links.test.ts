import { describe, expect, it } from "vitest";
import { runsHref, sideBySideHref } from "@/domain/analytics/links";
import { parseFilter } from "@/domain/analytics/filter";

describe("runsHref", () => {
  it("keeps the view's filters and adds the count's own", () => {
    const href = runsHref("session=s1&session=s2&charging=false", { task: "dentist-todo", config: "files" });
    expect(href).toBe("/runs?session=s1&session=s2&charging=false&task=dentist-todo&config=files");
    const back = parseFilter(new URLSearchParams(href.split("?")[1]));
    expect(back.success && back.data).toMatchObject({
      sessions: ["s1", "s2"],
      charging: false,
      task: "dentist-todo",
      config: "files",
    });
  });
  it("overrides a filter the count narrows", () => {
    expect(runsHref("config=bash", { config: "files" })).toBe("/runs?config=files");
    expect(runsHref("", {})).toBe("/runs");
  });
});

describe("sideBySideHref", () => {
  it("keeps the comparison's filter, sets its task (over one the filter had) and names both sides", () => {
    const href = sideBySideHref("session=s1&session=s2&task=other", {
      task: "dentist-todo",
      a: "files",
      b: "bash",
      bSession: "s2",
    });
    expect(href).toBe("/runs/side-by-side?session=s1&session=s2&task=dentist-todo&a=files&b=bash&bSession=s2");
    const back = parseFilter(new URLSearchParams(href.split("?")[1]));
    expect(back.success && back.data).toMatchObject({ sessions: ["s1", "s2"], task: "dentist-todo" });
    expect(sideBySideHref("", { task: "t", a: "x", b: "y", aSession: "s1", repeat: 2 })).toBe(
      "/runs/side-by-side?task=t&a=x&b=y&aSession=s1&repeat=2",
    );
  });
});
