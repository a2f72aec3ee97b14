import { describe, expect, it } from "vitest";
import { emptyCounts } from "@/domain/queue";
import {
  balanceLine,
  isComplete,
  selectionStanding,
  standingLine,
  standingNotice,
  type SessionStanding,
} from "@/domain/analytics/sessionStanding";

const session = (over: Partial<SessionStanding> = {}): SessionStanding => ({
  id: "s1",
  name: "study",
  trial: false,
  calibration: false,
  repeats: 3,
  cancelled: false,
  imported: false,
  counts: { ...emptyCounts(), completed: 12 },
  ...over,
});

describe("isComplete", () => {
  it("holds only when every job completed, with more than one repeat, outside trials and calibrations", () => {
    expect(isComplete(session())).toBe(true);
    expect(isComplete(session({ repeats: 1 }))).toBe(false);
    expect(isComplete(session({ trial: true }))).toBe(false);
    expect(isComplete(session({ calibration: true }))).toBe(false);
    expect(isComplete(session({ imported: true, counts: emptyCounts() }))).toBe(false);
    expect(isComplete(session({ cancelled: true, counts: { ...emptyCounts(), completed: 6, cancelled: 138 } }))).toBe(
      false,
    );
    expect(isComplete(session({ counts: { ...emptyCounts(), completed: 11, failed: 1 } }))).toBe(false);
    expect(isComplete(session({ counts: { ...emptyCounts(), completed: 11, leased: 1 } }))).toBe(false);
    expect(isComplete(session({ counts: emptyCounts() }))).toBe(false);
  });
});

describe("standingLine", () => {
  it("says a session was cancelled and what that does to its configs", () => {
    expect(
      standingLine(
        session({ name: "big", cancelled: true, counts: { ...emptyCounts(), completed: 6, cancelled: 138 } }),
      ),
    ).toBe("“big” was cancelled after 6 of 144 jobs: its configs may not cover the same tasks and repeats.");
  });
  it("names a running session, failures, a trial and one repeat", () => {
    expect(standingLine(session({ counts: { ...emptyCounts(), completed: 3, leased: 1, queued: 8 } }))).toBe(
      "“study” is still running (3 of 12 jobs done): its configs may not cover the same tasks and repeats.",
    );
    expect(standingLine(session({ counts: { ...emptyCounts(), completed: 10, failed: 2 } }))).toBe(
      "“study” finished with 2 of 12 jobs failed: its configs may not cover the same tasks and repeats.",
    );
    expect(standingLine(session({ repeats: 1, trial: true }))).toBe(
      "“study” is a trial (a dry run, not a study) and has one repeat per task, so a task's result rests on a single run.",
    );
  });
  it("is null for a complete, an imported or a calibration session", () => {
    expect(standingLine(session())).toBeNull();
    expect(standingLine(session({ imported: true, repeats: 1, counts: emptyCounts() }))).toBeNull();
    expect(standingLine(session({ calibration: true, repeats: 2 }))).toBeNull();
  });
});

describe("standingNotice", () => {
  it("takes the level of the most severe thing it names", () => {
    const running = standingNotice(session({ trial: true, counts: { ...emptyCounts(), completed: 3, queued: 9 } }));
    expect(running).toMatchObject({ kind: "sessionRunning", severity: "caution" });
    expect(running?.text).toBe(
      standingLine(session({ trial: true, counts: { ...emptyCounts(), completed: 3, queued: 9 } })),
    );
    // A finished trial with repeats is context: it was named or included on purpose.
    expect(standingNotice(session({ trial: true }))).toMatchObject({ kind: "trialSession", severity: "info" });
    expect(standingNotice(session({ trial: true, repeats: 1 }))).toMatchObject({
      kind: "oneRepeat",
      severity: "caution",
    });
    expect(standingNotice(session())).toBeNull();
  });
});

describe("selectionStanding", () => {
  const cancelled = session({
    id: "c",
    name: "big",
    cancelled: true,
    counts: { ...emptyCounts(), completed: 6, cancelled: 138 },
  });
  it("names a newer cancelled session passed over by the default, with no offer when the default is complete", () => {
    expect(selectionStanding([session()], [cancelled], { id: "s1", name: "study" })).toEqual({
      lines: [
        "The newer session “big” is left out by default: it was cancelled after 6 of 144 jobs; tick it above to read it anyway.",
      ],
      notices: [
        {
          kind: "passedOver",
          severity: "info",
          text: "The newer session “big” is left out by default: it was cancelled after 6 of 144 jobs; tick it above to read it anyway.",
        },
      ],
      offer: null,
    });
  });
  it("offers the newest complete session when a selected one is not complete", () => {
    const r = selectionStanding([cancelled], [], { id: "s1", name: "study" });
    expect(r.lines).toHaveLength(1);
    expect(r.offer).toEqual({ id: "s1", name: "study" });
  });
  it("says nothing of a complete selection", () => {
    expect(selectionStanding([session()], [], { id: "s1", name: "study" })).toEqual({
      lines: [],
      notices: [],
      offer: null,
    });
    expect(selectionStanding([cancelled], [], null).offer).toBeNull();
  });
});

describe("balanceLine", () => {
  const cell = (configId: string, taskId: string, runs: number) => ({ configId, taskId, runs });
  it("is null for one config, or configs that ran the same tasks equally often", () => {
    expect(balanceLine([cell("a", "t1", 1)])).toBeNull();
    expect(balanceLine([cell("a", "t1", 2), cell("a", "t2", 2), cell("b", "t1", 2), cell("b", "t2", 2)])).toBeNull();
  });
  it("names configs with different repeats", () => {
    expect(
      balanceLine([cell("bash", "t1", 1), cell("bash", "t2", 1), cell("files", "t1", 2), cell("files", "t2", 2)]),
    ).toEqual({
      kind: "unbalanced",
      text: "This selection is unbalanced: its configs did not run the same tasks and repeats (bash: 2 tasks, 1 run each; files: 2 tasks, 2 runs each), so differences between configs mix in different work; compare them on a complete session.",
    });
  });
  it("names configs with different tasks, even as many of them", () => {
    expect(
      balanceLine([cell("a", "t1", 3), cell("a", "t2", 1), cell("b", "t1", 3), cell("b", "t3", 1)])?.text,
    ).toContain("(a: 2 tasks, 1–3 runs each; b: 2 tasks, 1–3 runs each)");
  });
  it("tells an adaptive session's uneven repeats, the same on every config, apart from unbalanced configs", () => {
    const adaptive = [cell("a", "t1", 1), cell("b", "t1", 1), cell("a", "t2", 3), cell("b", "t2", 3)];
    expect(balanceLine(adaptive)).toEqual({
      kind: "unevenRepeats",
      text: expect.stringMatching(/^Tasks ran 1–3 runs each, the same on every config .* counts each task once\.$/),
    });
    // One run fewer on one side of one task: unbalanced again.
    expect(balanceLine([...adaptive.slice(0, 3), cell("b", "t2", 2)])?.kind).toBe("unbalanced");
  });
});
