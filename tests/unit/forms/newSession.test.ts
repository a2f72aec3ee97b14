import { describe, expect, it } from "vitest";
import { newSessionPrefill, SESSION_LIMITS, sessionPlan, wholeNumber } from "@/domain/forms/newSession";
import { CreateSessionRequest } from "@/domain/protocol/api";

const base = {
  name: "Step 1",
  taskCount: 24,
  taskMode: "all" as const,
  configCount: 2,
  trial: false,
  calibration: false,
  repeats: "3",
  leaseSeconds: "120",
  maxAttempts: "3",
};

describe("wholeNumber", () => {
  it("accepts whole numbers in range and says what to type otherwise", () => {
    expect(wholeNumber("42", SESSION_LIMITS.repeats)).toEqual({ ok: true, value: 42 });
    expect(wholeNumber("", SESSION_LIMITS.repeats)).toEqual({
      ok: false,
      error: "Repeats: type a whole number from 1 to 100.",
    });
    expect(wholeNumber("2.5", SESSION_LIMITS.repeats)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/no decimals/),
    });
    expect(wholeNumber("101", SESSION_LIMITS.repeats)).toEqual({
      ok: false,
      error: "Repeats: 101 is out of range; type a whole number from 1 to 100.",
    });
    expect(wholeNumber("0", SESSION_LIMITS.leaseSeconds)).toMatchObject({ ok: false });
  });
  it("uses the server's limits, so the form never offers what the API refuses", () => {
    for (const [field, lim] of Object.entries(SESSION_LIMITS)) {
      const ok = (n: number) => CreateSessionRequest.safeParse({ name: "x", configs: ["a"], [field]: n }).success;
      expect([ok(lim.min), ok(lim.max), ok(lim.min - 1), ok(lim.max + 1)]).toEqual([true, true, false, false]);
    }
  });
});

describe("sessionPlan", () => {
  it("counts the jobs the server will queue and says so on the button", () => {
    const p = sessionPlan(base);
    expect(p.jobs).toBe(144);
    expect(p.button).toBe("Queue 144 jobs");
    expect(p.blockers).toEqual([]);
    expect(p.summary).toBe("24 tasks × 2 configs × 3 repeats");
  });
  it("a trial runs once whatever the repeats field says", () => {
    expect(sessionPlan({ ...base, trial: true, repeats: "" })).toMatchObject({
      jobs: 48,
      button: "Queue 48 jobs",
      blockers: [],
    });
  });
  it("a cleared or bad repeats field is not 0 jobs: no count, and the reason", () => {
    const p = sessionPlan({ ...base, repeats: "" });
    expect(p.jobs).toBeNull();
    expect(p.button).toBe("Queue: fix the repeats");
    expect(p.blockers).toEqual(["Repeats: type a whole number from 1 to 100."]);
    expect(p.summary).toBe("24 tasks × 2 configs × ? repeats");
  });
  it("lists every reason nothing can be queued", () => {
    const p = sessionPlan({
      ...base,
      name: " ",
      configCount: 0,
      taskCount: 0,
      taskMode: "groups",
      leaseSeconds: "9e9",
    });
    expect(p.button).toBe("Nothing to queue yet");
    expect(p.blockers).toEqual([
      "Name the session.",
      "Pick at least one harness config.",
      "Pick at least one task group.",
      "Lease seconds: type a whole number (1 to 86,400), no decimals or letters.",
    ]);
  });
});

describe("sessionPlan for an A/A calibration", () => {
  const cal = { ...base, calibration: true, configCount: 1, repeats: "6" };
  it("queues tasks × one config × an even number of repeats and says which arm is which", () => {
    expect(sessionPlan(cal)).toMatchObject({
      jobs: 144,
      button: "Queue 144 jobs",
      blockers: [],
      summary: "24 tasks × 1 config × 6 repeats (A/A calibration: arm 1 the odd repeats, arm 2 the even ones)",
    });
  });
  it("asks for an even number of repeats, as the server does", () => {
    const p = sessionPlan({ ...cal, repeats: "5" });
    expect(p.jobs).toBeNull();
    expect(p.blockers).toEqual([
      "Repeats: an A/A calibration runs its config in two equal arms; type an even number (2, 4, 6, …), not 5.",
    ]);
    expect(sessionPlan({ ...cal, repeats: "1" }).fields.repeats.ok).toBe(false);
    expect(sessionPlan({ ...cal, repeats: "" }).blockers).toEqual(["Repeats: type a whole number from 1 to 100."]);
    for (const n of [1, 2, 5, 6]) {
      const server = CreateSessionRequest.parse({ name: "x", configs: ["a"], calibration: true, repeats: n });
      expect(sessionPlan({ ...cal, repeats: String(n) }).fields.repeats.ok).toBe(server.repeats % 2 === 0);
    }
  });
  it("keeps one config", () => {
    expect(sessionPlan({ ...cal, configCount: 2 }).blockers).toEqual([
      "An A/A calibration runs one config: leave one harness config ticked.",
    ]);
  });
  it("defaults to 6 repeats on the server when none is sent", () => {
    expect(CreateSessionRequest.parse({ name: "x", configs: ["a"], calibration: true }).repeats).toBe(6);
    expect(CreateSessionRequest.parse({ name: "x", configs: ["a"] })).toMatchObject({ calibration: false, repeats: 3 });
  });
});

describe("newSessionPrefill", () => {
  it("opens the form as a calibration of the named config", () => {
    expect(newSessionPrefill({ calibration: "1", config: "files" }, ["files", "bash"])).toEqual({
      calibration: true,
      configs: ["files"],
      unknownConfig: null,
    });
    expect(newSessionPrefill({}, ["files"])).toEqual({ calibration: false, configs: [], unknownConfig: null });
    expect(newSessionPrefill({ calibration: ["true", "0"], config: ["bash"] }, ["bash"])).toMatchObject({
      calibration: true,
      configs: ["bash"],
    });
  });
  it("ticks nothing for a config the suite does not have, and names it", () => {
    expect(newSessionPrefill({ calibration: "1", config: "gone" }, ["files"])).toEqual({
      calibration: true,
      configs: [],
      unknownConfig: "gone",
    });
  });
});
