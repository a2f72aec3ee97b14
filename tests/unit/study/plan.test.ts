import { describe, expect, it } from "vitest";
import {
  PlanRequest,
  canonicalJson,
  completePlan,
  isPlanned,
  parseStoredPlan,
  planSentence,
  planStanding,
  type Plan,
} from "@/domain/study/plan";
import { planSha256 } from "@/server/sessions/planHash";

// Computed once outside this code: printf '%s' '<json>' | sha256sum (GNU coreutils).
const CANONICAL =
  '{"a":"full","alpha":0.05,"b":"lean","latencyMarginPct":12.5,"maxRepeats":3,"metric":"pass_rate","minRepeats":1,"stoppingRule":"anytime-betting-cs"}';
const CANONICAL_SHA256 = "e3b8673bee83f06049c3345bb78a1b8df0fae867b3b0c3ba7834f3eb736e88fa";

const plan: Plan = {
  a: "full",
  b: "lean",
  metric: "pass_rate",
  alpha: 0.05,
  latencyMarginPct: 12.5,
  minRepeats: 1,
  maxRepeats: 3,
  stoppingRule: "anytime-betting-cs",
};

describe("canonicalJson", () => {
  it("writes the plan with sorted keys and no whitespace, hashed as sha256sum does", () => {
    expect(canonicalJson(plan)).toBe(CANONICAL);
    expect(planSha256(plan)).toBe(CANONICAL_SHA256);
  });

  it("gives the same text for every order of the keys", () => {
    const entries = Object.entries(plan);
    // A few dozen permutations: rotations and reversals of the insertion order.
    for (let r = 0; r < entries.length; r++) {
      const rotated = [...entries.slice(r), ...entries.slice(0, r)];
      for (const order of [rotated, [...rotated].reverse()]) {
        const obj = Object.fromEntries(order) as unknown as Plan;
        expect(canonicalJson(obj)).toBe(CANONICAL);
        expect(planSha256(obj)).toBe(CANONICAL_SHA256);
      }
    }
  });

  it("follows RFC 8785 for nested values, numbers, escapes and undefined members", () => {
    expect(canonicalJson({ b: [1, { d: true, c: null }], a: 'é\n"', u: undefined })).toBe(
      '{"a":"é\\n\\"","b":[1,{"c":null,"d":true}]}',
    );
    expect(canonicalJson([1e21, 0.1, -0, 1.5e-7, 100])).toBe("[1e+21,0.1,0,1.5e-7,100]");
    // Keys compare by UTF-16 code units: "Z" (0x5a) before "a" (0x61) before "é" (0xe9).
    expect(canonicalJson({ é: 1, a: 2, Z: 3 })).toBe('{"Z":3,"a":2,"é":1}');
    expect(() => canonicalJson({ x: Number.NaN })).toThrow(RangeError);
  });
});

describe("completePlan", () => {
  const session = { configIds: ["full", "lean", "bash"], repeats: 3 };

  it("fills the defaults and the repeat bounds from the session", () => {
    const r = completePlan(PlanRequest.parse({ a: "full", b: "lean" }), session);
    expect(r.plan).toEqual({
      a: "full",
      b: "lean",
      metric: "pass_rate",
      alpha: 0.05,
      minRepeats: 3,
      maxRepeats: 3,
      stoppingRule: "anytime-betting-cs",
    });
    const adaptive = completePlan(PlanRequest.parse({ a: "full", b: "lean", alpha: 0.1 }), {
      ...session,
      adaptive: { minRepeats: 1, maxRepeats: 3 },
    });
    expect(adaptive.plan).toMatchObject({ alpha: 0.1, minRepeats: 1, maxRepeats: 3 });
  });

  it("names each problem with its field", () => {
    const r = completePlan(PlanRequest.parse({ a: "full", b: "nope", maxRepeats: 5 }), session);
    expect(r.plan).toBeNull();
    expect(r.issues.map((i) => i.path)).toEqual(["plan.b", "plan.maxRepeats"]);
    expect(r.issues[0].message).toContain("full, lean, bash");
    const same = completePlan(PlanRequest.parse({ a: "full", b: "full" }), session);
    expect(same.issues).toEqual([{ path: "plan.b", message: "a and b must be two different configs" }]);
  });

  it("refuses an α outside (0, 0.5) and an unknown metric", () => {
    expect(PlanRequest.safeParse({ a: "x", b: "y", alpha: 0.5 }).success).toBe(false);
    expect(PlanRequest.safeParse({ a: "x", b: "y", alpha: 0 }).success).toBe(false);
    expect(PlanRequest.safeParse({ a: "x", b: "y", metric: "ttft" }).success).toBe(false);
  });
});

describe("a stored plan", () => {
  it("reads back to the same plan and hash", () => {
    const back = parseStoredPlan(canonicalJson(plan));
    expect(back).toEqual(plan);
    expect(planSha256(back!)).toBe(CANONICAL_SHA256);
    expect(parseStoredPlan(null)).toBeNull();
  });

  it("says which analyses are the plan's and which are exploratory", () => {
    expect(isPlanned(plan, { a: "full", b: "lean" })).toBe(true);
    expect(isPlanned(plan, { a: "lean", b: "full", metric: "pass_rate", alpha: 0.05 })).toBe(true);
    expect(isPlanned(plan, { a: "full", b: "bash" })).toBe(false);
    expect(isPlanned(plan, { a: "full", b: "lean", alpha: 0.1 })).toBe(false);
    expect(isPlanned(plan, { a: "full", b: "lean", metric: "ttft" })).toBe(false);
    expect(isPlanned(null, { a: "full", b: "lean" })).toBe(false);
  });

  it("reads as one sentence", () => {
    expect(planSentence(plan)).toBe(
      "lean vs full on pass rate, anytime 95% interval (α 0.05), 1–3 repeats, latency margin 12.5%, stop when the interval excludes 0",
    );
  });
});

describe("planStanding", () => {
  const plans = [{ sessionId: "ses_1", plan, sha256: CANONICAL_SHA256 }];
  it("is the plan's own for its pair in its session, either way round, at its α", () => {
    const r = planStanding(
      plans,
      { session: "ses_1", config: "full" },
      { session: "ses_1", config: "lean" },
      { alpha: 0.05 },
    );
    expect(r?.planned).toBe(true);
    expect(r?.text).toContain(`sha256 ${CANONICAL_SHA256}`);
    expect(r?.text).toContain("the plan's primary one");
    expect(
      planStanding(plans, { session: "ses_1", config: "lean" }, { session: "ses_1", config: "full" })?.planned,
    ).toBe(true);
  });

  it("is exploratory for another pair, another α, two sessions or no config named; null without a plan", () => {
    const other = planStanding(plans, { session: "ses_1", config: "full" }, { session: "ses_1", config: "bash" });
    expect(other?.planned).toBe(false);
    expect(other?.text).toContain("Exploratory");
    expect(
      planStanding(plans, { session: "ses_1", config: "full" }, { session: "ses_1", config: "lean" }, { alpha: 0.1 })
        ?.planned,
    ).toBe(false);
    expect(
      planStanding(plans, { session: "ses_2", config: "full" }, { session: "ses_1", config: "lean" })?.planned,
    ).toBe(false);
    expect(planStanding(plans, { session: "ses_1" }, { session: "ses_1" })?.planned).toBe(false);
    expect(planStanding([], { session: "ses_1" }, { session: "ses_1" })).toBeNull();
  });
});
