import { describe, expect, it } from "vitest";
import { fieldOf } from "@/domain/analytics/filterFields";
import { AnalyticsFilter } from "@/domain/analytics/filter";
import { choiceOf, controlId, fieldChoices, filterPhrases, withChoice } from "@/domain/analytics/filterWords";

// Only the lists these choices read: a form need not have every list.
const offered = { devices: ["d1", "d2"] };

describe("the filter's words", () => {
  it("says each narrowing filter in the methods paragraph, in the field list's order", () => {
    const f = AnalyticsFilter.parse({
      sessions: ["s"],
      includeTrial: true,
      toolsDropped: false,
      looping: true,
      passed: false,
      outcome: "gave_up",
      config: "files",
      group: "multi_step",
      task: "t1",
      charging: false,
      thermal: "fair",
      device: "ip-1",
      build: "3f2c1e9",
    });
    expect(filterPhrases(f)).toEqual([
      "build 3f2c1e9",
      "device ip-1",
      "thermal state fair",
      "not charging",
      "task t1",
      "group multi_step",
      "config files",
      "outcome gave_up",
      "failed",
      "looping",
      "tools kept",
    ]);
    expect(filterPhrases({ charging: true, passed: true, toolsDropped: true })).toEqual([
      "charging",
      "passed",
      "tools dropped",
    ]);
    expect(filterPhrases(AnalyticsFilter.parse({}))).toEqual([]);
  });

  it("offers a select's choices with the forms' words", () => {
    expect(fieldChoices(fieldOf("charging"), offered)).toEqual([
      ["true", "charging"],
      ["false", "on battery"],
    ]);
    expect(fieldChoices(fieldOf("group"), offered)).toEqual([
      ["no_files", "no files needed"],
      ["files", "file task"],
      ["multi_step", "multi-step file task"],
    ]);
    expect(fieldChoices(fieldOf("outcome"), offered)[3]).toEqual(["gave_up", "gave up"]);
    expect(fieldChoices(fieldOf("thermal"), offered).map(([v]) => v)).toEqual([
      "nominal",
      "fair",
      "serious",
      "critical",
    ]);
    expect(fieldChoices(fieldOf("device"), offered)).toEqual([
      ["d1", "d1"],
      ["d2", "d2"],
    ]);
  });

  it("labels a device id with its token's name where the form is given one (issue 34.2); the value stays the id", () => {
    const labelled = { ...offered, labels: { devices: { d1: "Pixel 8 (lab A) · d1" } } };
    expect(fieldChoices(fieldOf("device"), labelled)).toEqual([
      ["d1", "Pixel 8 (lab A) · d1"],
      ["d2", "d2"],
    ]);
    expect(fieldChoices(fieldOf("charging"), labelled)[0]).toEqual(["true", "charging"]);
  });

  it("reads and sets a field from a select's value, '' being any", () => {
    const f = AnalyticsFilter.parse({ build: "b1" });
    expect(choiceOf(f, fieldOf("build"))).toBe("b1");
    expect(choiceOf(f, fieldOf("charging"))).toBe("");
    expect(withChoice(f, fieldOf("charging"), "false")).toMatchObject({ build: "b1", charging: false });
    expect(withChoice(f, fieldOf("build"), "").build).toBeUndefined();
    expect(controlId("rf-", fieldOf("toolsDropped"))).toBe("rf-tools-dropped");
  });
});
