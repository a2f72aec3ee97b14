import { describe, expect, it } from "vitest";
import { emptyCounts } from "@/domain/queue";
import { sessionState } from "@/domain/sessions";

const c = (over: Partial<ReturnType<typeof emptyCounts>>) => ({ ...emptyCounts(), ...over });

describe("sessionState", () => {
  it("a cancelled session is cancelled with the jobs that ran, never 100% finished", () => {
    const s = sessionState(c({ completed: 6, cancelled: 138 }), true);
    expect(s).toMatchObject({ kind: "cancelled", ran: 6, total: 144, pill: "cancelled" });
    expect(s.fraction).toBeCloseTo(6 / 144);
    expect(s.progressText).toBe("Cancelled after 6 of 144 jobs (4%) · 138 never ran");
    expect(s.jobsText).toBe("6/144 jobs run · 138 cancelled");
  });
  it("a cancelled job marks the session cancelled even without its mark, and failures are named", () => {
    const s = sessionState(c({ completed: 5, failed: 1, cancelled: 4 }), false);
    expect(s.kind).toBe("cancelled");
    expect(s.progressText).toBe("Cancelled after 6 of 10 jobs (60%) · 1 failed · 4 never ran");
    expect(s.jobsText).toBe("6/10 jobs run · 1 failed · 4 cancelled");
  });
  it("a session whose every job completed is finished at 100%", () => {
    const s = sessionState(c({ completed: 144 }), false);
    expect(s).toMatchObject({ kind: "finished", fraction: 1, pill: "finished" });
    expect(s.progressText).toBe("144 of 144 jobs done (100%)");
    expect(s.jobsText).toBe("144/144 jobs done");
  });
  it("a finished session with failed jobs says how many failed", () => {
    const s = sessionState(c({ completed: 140, failed: 4 }), false);
    expect(s).toMatchObject({ kind: "failed", pill: "finished, 4 failed" });
    expect(s.progressText).toBe("Finished: 140 of 144 jobs completed, 4 jobs failed after every attempt");
    expect(s.jobsText).toBe("144/144 jobs done · 4 failed");
  });
  it("running and waiting sessions show their share done", () => {
    const r = sessionState(c({ queued: 90, leased: 2, completed: 8 }), false);
    expect(r).toMatchObject({ kind: "running", pill: "8%" });
    expect(r.progressText).toBe("8 of 100 jobs done (8%)");
    expect(r.jobsText).toBe("8/100 jobs done · 2 running");
    expect(sessionState(c({ queued: 4 }), false)).toMatchObject({ kind: "waiting", pill: "0%", fraction: 0 });
  });
  it("an empty session is waiting at 0%", () => {
    expect(sessionState(emptyCounts(), false)).toMatchObject({ kind: "waiting", total: 0, fraction: 0 });
  });
});
