import { describe, expect, it } from "vitest";
import {
  hiddenRunsOffer,
  listOf,
  selectionHeadline,
  selectionMixNotices,
  selectionMixes,
  type SessionFacts,
} from "@/domain/analytics/selection";
import { emptyPickerText, matchSessions, pickerHint } from "@/domain/analytics/sessionPicker";

const session = (id: string, extra: Partial<SessionFacts> = {}): SessionFacts => ({
  id,
  name: `name ${id}`,
  runs: 10,
  models: ["gemma-4-e2b"],
  devices: ["pixel-1"],
  builds: ["abc123"],
  charging: [false],
  ...extra,
});

describe("selectionMixes", () => {
  it("says nothing for one session of one model, device, build and charging state", () => {
    expect(selectionMixes([session("s1")], [])).toEqual([]);
  });

  it("names runs counted twice first, then sessions, models, devices, builds and charging states", () => {
    const warnings = selectionMixes(
      [
        session("s1", { name: "night run" }),
        session("s2", {
          name: "Imported: night run",
          models: ["qwen3-1.7b"],
          devices: ["desktop"],
          builds: ["def456"],
          charging: [true, null],
        }),
      ],
      [{ of: "s1", copy: "s2", runs: 7 }],
    );
    expect(warnings).toEqual([
      "“Imported: night run” repeats 7 runs of “night run” (same task, config, repeat, device and start time, as an imported copy would): those runs are counted twice; untick one of the two sessions.",
      "This selection pools 2 sessions (“night run” and “Imported: night run”): session-to-session differences blend into every figure; tick one session to read it alone.",
      "It mixes 2 models (gemma-4-e2b and qwen3-1.7b): pass rates and timings blend them; pick the sessions of one model.",
      "It mixes 2 devices (desktop and pixel-1): timings blend them; pick one under Device.",
      "It mixes 2 app builds (abc123 and def456): timings blend them; pick one under Build.",
      "It mixes charging states (charging, on battery and not reported): timings blend them; pick one under Charging.",
    ]);
  });

  it("finds a mix inside one session (two phones) and ignores sessions without runs", () => {
    const warnings = selectionMixes(
      [session("s1", { devices: ["pixel-1", "pixel-2"] }), session("s2", { runs: 0, models: [], devices: [] })],
      [],
    );
    expect(warnings).toEqual(["It mixes 2 devices (pixel-1 and pixel-2): timings blend them; pick one under Device."]);
  });

  it("names phones by their tokens, so two tokens reporting one id are two phones (issue 34.2)", () => {
    const warnings = selectionMixes(
      [session("s1", { devices: ["shared-id"], phones: ["lab A · shared-id", "lab B · shared-id"] })],
      [],
    );
    expect(warnings).toEqual([
      "It mixes 2 devices (lab A · shared-id and lab B · shared-id): timings blend them; pick one under Device.",
    ]);
    expect(selectionMixes([session("s1", { devices: ["shared-id"], phones: ["lab A · shared-id"] })], [])).toEqual([]);
  });
});

describe("selectionMixNotices", () => {
  it("gives each mix its level: copies, models and builds may mislead, charging is worth knowing, phones and sessions are context", () => {
    const notices = selectionMixNotices(
      [
        session("s1", { devices: ["pixel-1", "pixel-2"] }),
        session("s2", { models: ["qwen3-1.7b"], builds: ["def456"], charging: [true] }),
      ],
      [{ of: "s1", copy: "s2", runs: 1 }],
    );
    expect(notices.map((n) => [n.kind, n.severity])).toEqual([
      ["duplicateRuns", "misleading"],
      ["pooledSessions", "info"],
      ["mixedModels", "misleading"],
      ["mixedDevices", "info"],
      ["mixedBuilds", "misleading"],
      ["mixedCharging", "caution"],
    ]);
    expect(notices[0].text).toContain("repeats 1 run of");
  });

  it("makes a normal two-phone session a note, not a warning", () => {
    expect(selectionMixNotices([session("s1", { devices: ["pixel-1", "pixel-2"] })], [])).toEqual([
      {
        kind: "mixedDevices",
        severity: "info",
        text: "It mixes 2 devices (pixel-1 and pixel-2): timings blend them; pick one under Device.",
      },
    ]);
  });
});

describe("hiddenRunsOffer", () => {
  const base = {
    runs: 0,
    includeTrial: false,
    includeSuperseded: false,
    trialSessions: [] as string[],
    hidden: { trial: 0, superseded: 0, both: 0 },
  };
  it("says a ticked trial session is left out and offers the switch", () => {
    expect(
      hiddenRunsOffer({ ...base, trialSessions: ["dry run"], hidden: { trial: 4, superseded: 0, both: 4 } }),
    ).toEqual({
      text: "“dry run” is a trial session, and trial runs are left out unless “include trial runs” is ticked: include them to read its 4 runs.",
      set: { includeTrial: true },
    });
    expect(
      hiddenRunsOffer({ ...base, trialSessions: ["a", "b"], hidden: { trial: 1, superseded: 0, both: 1 } })?.text,
    ).toBe(
      "“a” and “b” are trial sessions, and trial runs are left out unless “include trial runs” is ticked: include them to read their run.",
    );
  });
  it("says every matching run is a trial's when no session is named", () => {
    expect(hiddenRunsOffer({ ...base, hidden: { trial: 1200, superseded: 0, both: 1200 } })?.text).toBe(
      "Every run matching these filters is in a trial session, and trial runs are left out unless “include trial runs” is ticked: include them to read those 1,200 runs.",
    );
  });
  it("offers superseded runs, then both switches, when those are the reason", () => {
    expect(hiddenRunsOffer({ ...base, hidden: { trial: 0, superseded: 2, both: 2 } })).toEqual({
      text: "Every run matching these filters is superseded (a late result of a job another phone completed), and superseded runs are left out unless “include superseded” is ticked: include them to read those 2 runs.",
      set: { includeSuperseded: true },
    });
    expect(hiddenRunsOffer({ ...base, hidden: { trial: 0, superseded: 0, both: 3 } })?.set).toEqual({
      includeTrial: true,
      includeSuperseded: true,
    });
  });
  it("is null when runs are read, when no switch would help, or when the switch is already on", () => {
    expect(hiddenRunsOffer({ ...base, runs: 5, hidden: { trial: 4, superseded: 0, both: 4 } })).toBeNull();
    expect(hiddenRunsOffer(base)).toBeNull();
    expect(hiddenRunsOffer({ ...base, includeTrial: true, hidden: { trial: 4, superseded: 0, both: 0 } })).toBeNull();
  });
});

describe("selectionHeadline", () => {
  it("names the default session, so the newest is never read as everything", () => {
    expect(selectionHeadline("default", [{ name: "night run", runs: 96 }], [])).toEqual({
      headline: "Showing the newest session, “night run” (96 runs): pick others above to add or compare them.",
      unknown: null,
    });
    expect(selectionHeadline("default", [], []).headline).toBe(
      "No session has scored runs matching these filters yet.",
    );
  });

  it("counts pooled and chosen sessions, and says an unknown id is unknown", () => {
    expect(
      selectionHeadline(
        "all",
        [
          { name: "a", runs: 3 },
          { name: "b", runs: 1 },
        ],
        [],
      ).headline,
    ).toBe("Pooling every session on purpose: 2 sessions, 4 runs.");
    expect(selectionHeadline("chosen", [{ name: "a", runs: 1 }], []).headline).toBe("Showing “a” (1 run).");
    const { headline, unknown } = selectionHeadline("chosen", [], ["ses_gone"]);
    expect(headline).toBe("No session named in the address is known here: there is nothing to show.");
    expect(unknown).toBe(
      "Session “ses_gone” is unknown here (deleted, or from another dashboard): it is left out; remove it above or import its runs.json.",
    );
    expect(selectionHeadline("chosen", [], ["a", "b"]).unknown).toMatch(/^Sessions “a” and “b” are unknown here/);
  });

  it("lists a few items and counts the rest", () => {
    expect(listOf(["a"])).toBe("a");
    expect(listOf(["a", "b", "c"])).toBe("a, b and c");
    expect(listOf(["a", "b", "c", "d", "e"])).toBe("a, b, c and 2 more");
  });
});

describe("session picker", () => {
  const many = Array.from({ length: 200 }, (_, i) => ({
    id: `ses_${String(200 - i).padStart(3, "0")}`,
    name: i % 2 ? `ablation step ${200 - i}` : `night run ${200 - i}`,
    trial: false,
  }));

  it("draws at most 50 of 200 sessions, ticked ones first even when the search leaves them out", () => {
    const { rows, total } = matchSessions(many, "", new Set(["ses_001"]));
    expect(rows).toHaveLength(50);
    expect(total).toBe(200);
    expect(rows[0].id).toBe("ses_001");
    const found = matchSessions(many, "NIGHT 19", new Set(["ses_001"]));
    // Even numbers are night runs: "night run 190" … "night run 198" match, after the ticked session.
    expect(found.rows.map((r) => r.name)).toEqual([
      "ablation step 1",
      "night run 198",
      "night run 196",
      "night run 194",
      "night run 192",
      "night run 190",
    ]);
    // Five sessions match; the ticked one is drawn but does not match.
    expect(found.matched).toBe(5);
    expect(matchSessions(many, "ses_150", new Set()).rows.map((r) => r.id)).toEqual(["ses_150"]);
  });

  it("never counts unknown ids as selected", () => {
    expect(pickerHint({ known: 0, unknown: 1, defaultName: "x", pooled: false })).toBe("none selected, 1 unknown");
    expect(pickerHint({ known: 2, unknown: 1, defaultName: null, pooled: false })).toBe("2 selected, 1 unknown");
    expect(pickerHint({ known: 0, unknown: 0, defaultName: "night", pooled: false })).toBe("newest: night");
    expect(pickerHint({ known: 0, unknown: 0, defaultName: null, pooled: true })).toBe("every session, pooled");
  });
});

describe("emptyPickerText", () => {
  it("says there are no sessions yet on a first run, and names the search otherwise", () => {
    expect(emptyPickerText("", 0)).toBe("No sessions yet: queue one from New session, or import a runs.json.");
    expect(emptyPickerText("  pix ", 4)).toBe("No session matches “pix”.");
    expect(emptyPickerText("", 4)).toBe("No session to show.");
  });
});
