import { describe, expect, it } from "vitest";
import {
  MAX_SEED,
  newSessionPrefill,
  prefillSuiteId,
  rerunAddress,
  seedField,
  seedHint,
  SESSION_LIMITS,
  sessionPlan,
  suiteOptionLabel,
  wholeNumber,
} from "@/domain/forms/newSession";
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

const suiteOf = (configs: string[], tasks: string[] = ["a", "b", "c"], version = 1) => ({ version, configs, tasks });
const blank = {
  calibration: false,
  configs: [],
  unknownConfigs: [],
  tasks: null,
  unknownTasks: [],
  seed: "",
  order: "interleaved",
  repeats: null,
  trial: false,
  olderVersion: null,
  plan: null,
  adaptive: null,
};

describe("newSessionPrefill", () => {
  it("opens the form as a calibration of the named config", () => {
    expect(newSessionPrefill({ calibration: "1", config: "files" }, suiteOf(["files", "bash"]))).toEqual({
      ...blank,
      calibration: true,
      configs: ["files"],
    });
    expect(newSessionPrefill({}, suiteOf(["files"]))).toEqual(blank);
    expect(newSessionPrefill({ calibration: ["true", "0"], config: ["bash"] }, suiteOf(["bash"]))).toMatchObject({
      calibration: true,
      configs: ["bash"],
    });
  });
  it("ticks nothing for a config the suite does not have, and names it", () => {
    expect(newSessionPrefill({ calibration: "1", config: "gone" }, suiteOf(["files"]))).toEqual({
      ...blank,
      calibration: true,
      unknownConfigs: ["gone"],
    });
  });
  it("reads a rerun's address: configs, tasks, seed, order, repeats, and an older version", () => {
    const p = newSessionPrefill(
      {
        suite: "phone-mini",
        version: "1",
        seed: "42",
        order: "blocked",
        configs: "x,y,gone",
        tasks: "a,c,zz",
        repeats: "2",
      },
      suiteOf(["x", "y"], ["a", "b", "c"], 2),
    );
    expect(p).toEqual({
      ...blank,
      configs: ["x", "y"],
      unknownConfigs: ["gone"],
      tasks: ["a", "c"],
      unknownTasks: ["zz"],
      seed: "42",
      order: "blocked",
      repeats: "2",
      olderVersion: 1,
    });
    // Every task of the suite named: "All tasks", not a pick that would miss tasks added later.
    expect(newSessionPrefill({ tasks: "c,b,a" }, suiteOf([])).tasks).toBeNull();
    expect(newSessionPrefill({ version: "2" }, suiteOf([], [], 2)).olderVersion).toBeNull();
    expect(newSessionPrefill({ order: "sideways" }, suiteOf([])).order).toBe("interleaved");
  });
  it("names the suite asked for, or none", () => {
    expect(prefillSuiteId({ suite: " phone-mini " })).toBe("phone-mini");
    expect(prefillSuiteId({ suite: "" })).toBeNull();
    expect(prefillSuiteId({})).toBeNull();
  });
});

describe("rerunAddress", () => {
  it("round-trips through newSessionPrefill to the same settings", () => {
    const href = rerunAddress({
      suite: { id: "phone mini", version: 3 },
      seed: 42,
      order: "interleaved",
      configIds: ["x", "y"],
      taskIds: ["a", "c"],
      repeats: 4,
      trial: false,
      calibration: false,
    });
    expect(href).toBe(
      "/sessions/new?suite=phone+mini&version=3&seed=42&order=interleaved&configs=x%2Cy&tasks=a%2Cc&repeats=4",
    );
    const params = Object.fromEntries(new URL(href, "http://x").searchParams);
    expect(prefillSuiteId(params)).toBe("phone mini");
    expect(newSessionPrefill(params, suiteOf(["x", "y", "z"], ["a", "b", "c"], 3))).toEqual({
      ...blank,
      configs: ["x", "y"],
      tasks: ["a", "c"],
      seed: "42",
      repeats: "4",
    });
  });

  it("carries an adaptive session's pre-registered plan and repeat bounds (issue 36)", () => {
    const href = rerunAddress({
      suite: { id: "phone-20", version: 4 },
      seed: 7,
      order: "interleaved",
      configIds: ["files", "bash"],
      taskIds: ["a", "b"],
      repeats: 3,
      trial: false,
      calibration: false,
      plan: { a: "files", b: "bash", alpha: 0.01 },
      adaptive: { minRepeats: 1, maxRepeats: 3 },
    });
    expect(href).toContain("&plan=files%2Cbash&alpha=0.01&adaptive=1-3");
    const params = Object.fromEntries(new URL(href, "http://x").searchParams);
    expect(newSessionPrefill(params, suiteOf(["files", "bash"], ["a", "b"], 4))).toMatchObject({
      plan: { a: "files", b: "bash", alpha: "0.01" },
      adaptive: { min: "1", max: "3" },
    });
    // Without them, or malformed, the form starts without a plan.
    expect(newSessionPrefill({ plan: "files", adaptive: "1to3" }, suiteOf(["files"], ["a"], 4))).toMatchObject({
      plan: null,
      adaptive: null,
    });
  });
});

describe("seedField", () => {
  it("blank is a random seed; a whole number from 0 to 2^31-1 is sent; anything else is said in words", () => {
    expect(seedField("")).toEqual({ ok: true, value: null });
    expect(seedField("  ")).toEqual({ ok: true, value: null });
    expect(seedField("42")).toEqual({ ok: true, value: 42 });
    expect(seedField("0")).toEqual({ ok: true, value: 0 });
    expect(seedField(String(MAX_SEED))).toEqual({ ok: true, value: MAX_SEED });
    expect(seedField("-1")).toEqual({
      ok: false,
      error:
        "Seed: type a whole number from 0 to 2,147,483,647 (no signs, decimals or letters), or leave it blank for a random one.",
    });
    expect(seedField("4.2")).toMatchObject({ ok: false });
    expect(seedField("abc")).toMatchObject({ ok: false });
    expect(seedField("2147483648")).toEqual({
      ok: false,
      error: "Seed: 2147483648 is too large; type a whole number from 0 to 2,147,483,647, or leave it blank.",
    });
  });
  it("takes exactly the seeds the server takes", () => {
    const server = (n: number) => CreateSessionRequest.safeParse({ name: "x", configs: ["a"], seed: n }).success;
    for (const n of [0, 1, MAX_SEED, -1, MAX_SEED + 1]) expect(seedField(String(n)).ok).toBe(server(n));
  });
  it("blocks Queue while the seed is not valid, and says why", () => {
    const plan = sessionPlan({ ...base, seed: "x" });
    expect(plan.blockers).toContain(
      "Seed: type a whole number from 0 to 2,147,483,647 (no signs, decimals or letters), or leave it blank for a random one.",
    );
    expect(sessionPlan({ ...base, seed: "7" }).seed).toEqual({ ok: true, value: 7 });
    expect(sessionPlan(base).blockers).toEqual([]);
  });
  it("the hint says what the seed does in each order", () => {
    expect(seedHint("interleaved")).toMatch(/same interleaved order/);
    expect(seedHint("blocked")).toMatch(/does not shuffle/);
  });
});

describe("suiteOptionLabel", () => {
  it("names the suite, its version and size, and marks the default", () => {
    expect(
      suiteOptionLabel({ id: "phone-20", version: 2, name: "Phone 20", tasks: 24, configs: 10, default: true }),
    ).toBe("Phone 20 (phone-20) v2: 24 tasks, 10 configs · default");
    expect(suiteOptionLabel({ id: "mini", version: 1, name: null, tasks: 1, configs: 1, default: false })).toBe(
      "mini v1: 1 task, 1 config",
    );
  });
});
