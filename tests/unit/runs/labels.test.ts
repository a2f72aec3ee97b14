import { describe, expect, it } from "vitest";
import { groupLabel, outcomeLabel, shortName } from "@/domain/runs/labels";
import { OUTCOMES } from "@/domain/scoring/types";
import { deviceCommands, dashboardOrigin, shellWord } from "@/domain/fleet/deviceCommands";

describe("run labels", () => {
  it("says every outcome in words, with no underscore left", () => {
    expect(outcomeLabel("gave_up")).toBe("gave up");
    expect(outcomeLabel("wrong_result")).toBe("wrong result");
    for (const o of OUTCOMES) expect(outcomeLabel(o)).not.toMatch(/_/);
  });
  it("names groups as the analytics pages do", () => {
    expect(groupLabel("multi_step")).toBe("multi-step file task");
    expect(groupLabel("no_files")).toBe("no files needed");
  });
  it("shortens a long session name at a word boundary, keeping short ones", () => {
    expect(shortName("Demo: files vs bash-plan-examples (phones 1-3)")).toBe("Demo: files vs…");
    expect(shortName("Step 1")).toBe("Step 1");
    expect(shortName("a".repeat(40))).toBe(`${"a".repeat(23)}…`);
    expect(shortName("Demo: files vs bash-plan-examples").length).toBeLessThanOrEqual(24);
  });
});

describe("device commands", () => {
  it("fills in this dashboard's address and the new token", () => {
    const c = deviceCommands(dashboardOrigin("192.168.1.20:3000"), "hl_dev_abc123");
    expect(c.sim).toBe("npm run sim -- --url http://192.168.1.20:3000 --token hl_dev_abc123 --devices 1 --until-idle");
    expect(c.device).toMatch(
      /^npm run device -- --url http:\/\/192\.168\.1\.20:3000 --token hl_dev_abc123 --model-url /,
    );
  });
  it("quotes a value a shell would split or expand", () => {
    expect(shellWord("a b$c")).toBe("'a b$c'");
    expect(shellWord("it's")).toBe(`'it'\\''s'`);
    expect(shellWord("[::1]:3000")).toBe("'[::1]:3000'");
  });
});
