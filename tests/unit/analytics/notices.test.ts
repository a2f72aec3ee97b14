import { describe, expect, it } from "vitest";
import {
  NOTICE_LEVELS,
  SEVERITIES,
  SEVERITY_WORDS,
  bySeverity,
  notice,
  noticeGroups,
  severestKind,
  severityOf,
  type NoticeKind,
  type Severity,
} from "@/domain/analytics/notices";

describe("NOTICE_LEVELS", () => {
  it("keeps red for numbers that may mislead, and several phones as context", () => {
    const expected: Record<NoticeKind, Severity> = {
      duplicateRuns: "misleading",
      unbalanced: "misleading",
      mixedModels: "misleading",
      mixedBuilds: "misleading",
      sidesBuilds: "misleading",
      sidesDevices: "misleading",
      tokenEstimate: "misleading",
      mixedCharging: "caution",
      unevenRepeats: "caution",
      unknownSession: "caution",
      sessionCancelled: "caution",
      sessionRunning: "caution",
      sessionFailed: "caution",
      oneRepeat: "caution",
      hiddenRuns: "caution",
      hotPhone: "caution",
      deviceMismatch: "caution",
      mixedStates: "caution",
      sidesSessions: "caution",
      sidesCharging: "caution",
      stepsMissing: "caution",
      pinnedRevoked: "caution",
      pooledSessions: "info",
      mixedDevices: "info",
      trialSession: "info",
      passedOver: "info",
      importedSession: "info",
    };
    expect(Object.fromEntries(Object.entries(NOTICE_LEVELS).map(([k, v]) => [k, v.severity]))).toEqual(expected);
  });

  it("gives every level a reason, and every severity a word and an icon", () => {
    for (const [kind, level] of Object.entries(NOTICE_LEVELS)) expect(level.why.length, kind).toBeGreaterThan(10);
    for (const s of SEVERITIES) expect(SEVERITY_WORDS[s].word).not.toBe("");
    expect(new Set(SEVERITIES.map((s) => SEVERITY_WORDS[s].word)).size).toBe(3);
  });

  it("builds a notice at its kind's level", () => {
    expect(notice("mixedDevices", "It mixes 2 devices.")).toEqual({
      kind: "mixedDevices",
      severity: "info",
      text: "It mixes 2 devices.",
    });
    expect(severityOf("duplicateRuns")).toBe("misleading");
  });
});

describe("ordering", () => {
  const list = [
    notice("mixedDevices", "devices"),
    notice("hotPhone", "hot"),
    notice("pooledSessions", "pooled"),
    notice("duplicateRuns", "copy"),
    notice("sessionRunning", "running"),
    notice("unbalanced", "unbalanced"),
  ];
  it("puts the most severe first and keeps the given order within a level", () => {
    expect(bySeverity(list).map((n) => n.text)).toEqual(["copy", "unbalanced", "hot", "running", "devices", "pooled"]);
    expect(bySeverity([])).toEqual([]);
  });
  it("does not reorder its input", () => {
    bySeverity(list);
    expect(list[0].text).toBe("devices");
  });
  it("takes the most severe of several kinds, the first on a tie", () => {
    expect(severestKind(["trialSession", "sessionRunning", "oneRepeat"])).toBe("sessionRunning");
    expect(severestKind(["trialSession", "passedOver"])).toBe("trialSession");
    expect(() => severestKind([])).toThrow();
  });
});

describe("noticeGroups", () => {
  it("shows a single note as it is", () => {
    const g = noticeGroups([notice("mixedDevices", "devices"), notice("duplicateRuns", "copy")]);
    expect(g.shown.map((n) => n.text)).toEqual(["copy", "devices"]);
    expect(g.notes).toEqual([]);
    expect(g.notesLabel).toBeNull();
  });
  it("folds two or more notes into one line, after the cautions and the red ones", () => {
    const g = noticeGroups([
      notice("mixedDevices", "devices"),
      notice("trialSession", "trial"),
      notice("hotPhone", "hot"),
      notice("pooledSessions", "pooled"),
    ]);
    expect(g.shown.map((n) => n.text)).toEqual(["hot"]);
    expect(g.notes.map((n) => n.text)).toEqual(["devices", "trial", "pooled"]);
    expect(g.notesLabel).toBe("3 notes");
  });
  it("is empty for no notices", () => {
    expect(noticeGroups([])).toEqual({ shown: [], notes: [], notesLabel: null });
  });
});
