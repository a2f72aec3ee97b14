import { z } from "zod";

/**
 * A pre-registered analysis plan (issue 36.3): what a session will compare and how it will stop,
 * saved before its first run and locked by a SHA-256 over its canonical JSON. An analysis the
 * plan does not name (another pair of configs, another metric, another α) is exploratory.
 */

/** The primary metrics a plan may name. Only the task-paired pass rate is analysed sequentially. */
export const PLAN_METRICS = ["pass_rate"] as const;
/**
 * The stopping rules a plan may name: the anytime-valid betting confidence sequence of
 * src/domain/stats/confidence-sequence.ts (Waudby-Smith & Ramdas 2024), read after every task.
 */
export const STOPPING_RULES = ["anytime-betting-cs"] as const;
export const DEFAULT_PLAN_ALPHA = 0.05;

/** The plan as a client sends it (`POST /api/sessions` `plan`, `POST /api/sessions/{id}/plan`). */
export const PlanRequest = z.object({
  a: z.string().min(1, "name config a").max(200).meta({ description: "The baseline config id." }),
  b: z.string().min(1, "name config b").max(200).meta({ description: "The config compared with a (b − a)." }),
  metric: z
    .enum(PLAN_METRICS)
    .default("pass_rate")
    .meta({ description: "The primary metric: `pass_rate` (the task-paired pass rate), the only one." }),
  alpha: z
    .number()
    .gt(0, "α must be above 0")
    .lt(0.5, "α must be below 0.5")
    .default(DEFAULT_PLAN_ALPHA)
    .meta({ description: "The error rate of the anytime interval (0.05: anytime 95%)." }),
  latencyMarginPct: z
    .number()
    .min(0)
    .max(1000)
    .optional()
    .meta({ description: "How much slower (median TTFT, %) b may be than a and still count as no worse." }),
  minRepeats: z
    .number()
    .int()
    .min(1)
    .max(100)
    .optional()
    .meta({ description: "Repeats per task × config before any stop (default: the session's)." }),
  maxRepeats: z
    .number()
    .int()
    .min(1)
    .max(100)
    .optional()
    .meta({ description: "Most repeats per task × config (default: the session's `repeats`)." }),
  stoppingRule: z.enum(STOPPING_RULES).default("anytime-betting-cs").meta({
    description:
      "`anytime-betting-cs`: decided when the anytime-valid interval of b − a excludes 0 (docs/statistics.md).",
  }),
});
export type PlanRequest = z.input<typeof PlanRequest>;

/** A plan as stored and hashed: every field filled in. */
export interface Plan {
  a: string;
  b: string;
  metric: (typeof PLAN_METRICS)[number];
  alpha: number;
  latencyMarginPct?: number;
  minRepeats: number;
  maxRepeats: number;
  stoppingRule: (typeof STOPPING_RULES)[number];
}

export interface PlanSession {
  configIds: readonly string[];
  /** The session's repeats (its maximum when adaptive). */
  repeats: number;
  /** The adaptive bounds, when the session has them. */
  adaptive?: { minRepeats: number; maxRepeats: number } | null;
}

/**
 * The plan completed from the session (the repeat bounds default to the session's), or the
 * problems with it, each with the path of the field, as `POST /api/sessions` reports them.
 */
export function completePlan(
  req: z.output<typeof PlanRequest>,
  s: PlanSession,
  path = "plan",
): { plan: Plan; issues: [] } | { plan: null; issues: { path: string; message: string }[] } {
  const issues: { path: string; message: string }[] = [];
  for (const side of ["a", "b"] as const)
    if (!s.configIds.includes(req[side]))
      issues.push({
        path: `${path}.${side}`,
        message: `config ${JSON.stringify(req[side])} is not among the session's configs (${s.configIds.join(", ")})`,
      });
  if (req.a === req.b) issues.push({ path: `${path}.b`, message: "a and b must be two different configs" });
  const min = s.adaptive?.minRepeats ?? s.repeats;
  const max = s.adaptive?.maxRepeats ?? s.repeats;
  if (req.minRepeats !== undefined && req.minRepeats !== min)
    issues.push({
      path: `${path}.minRepeats`,
      message: `the session runs at least ${min} repeats; leave minRepeats out or make it ${min}`,
    });
  if (req.maxRepeats !== undefined && req.maxRepeats !== max)
    issues.push({
      path: `${path}.maxRepeats`,
      message: `the session runs at most ${max} repeats; leave maxRepeats out or make it ${max}`,
    });
  if (issues.length) return { plan: null, issues };
  const plan: Plan = {
    a: req.a,
    b: req.b,
    metric: req.metric,
    alpha: req.alpha,
    minRepeats: min,
    maxRepeats: max,
    stoppingRule: req.stoppingRule,
  };
  if (req.latencyMarginPct !== undefined) plan.latencyMarginPct = req.latencyMarginPct;
  return { plan, issues: [] };
}

/**
 * Canonical JSON: object keys sorted by UTF-16 code units, no whitespace, strings and numbers as
 * JSON.stringify writes them, `undefined` members left out. For the values a plan holds (strings,
 * finite numbers, booleans, null, arrays, objects) this is the JSON Canonicalization Scheme of
 * RFC 8785, whose number form is ECMAScript's Number.prototype.toString.
 */
export function canonicalJson(value: unknown): string {
  if (value === null) return "null";
  switch (typeof value) {
    case "boolean":
    case "string":
      return JSON.stringify(value);
    case "number":
      if (!Number.isFinite(value)) throw new RangeError(`${value} has no JSON form`);
      return JSON.stringify(value);
    case "object": {
      if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? "null" : canonicalJson(v))).join(",")}]`;
      const entries = Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
      return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
    }
    default:
      throw new TypeError(`a ${typeof value} has no JSON form`);
  }
}

/** The first 12 hex digits, as pages show the hash (the full one is in the title and the API). */
export function shortHash(sha256: string): string {
  return sha256.slice(0, 12);
}

/** The plan in one line, for the session page, the report and the gate. */
export function planSentence(p: Plan): string {
  const pct = Math.round((1 - p.alpha) * 1000) / 10;
  const repeats = p.minRepeats === p.maxRepeats ? `${p.maxRepeats} repeats` : `${p.minRepeats}–${p.maxRepeats} repeats`;
  const margin = p.latencyMarginPct === undefined ? "" : `, latency margin ${p.latencyMarginPct}%`;
  return `${p.b} vs ${p.a} on pass rate, anytime ${pct}% interval (α ${p.alpha}), ${repeats}${margin}, stop when the interval excludes 0`;
}

/**
 * Whether an analysis is the plan's primary comparison: the same two configs (either way round),
 * the same metric and the same α. Anything else is exploratory and is labelled so where shown.
 */
export function isPlanned(
  p: Plan | null,
  analysis: { a: string; b: string; metric?: string; alpha?: number },
): boolean {
  if (!p) return false;
  const samePair = (analysis.a === p.a && analysis.b === p.b) || (analysis.a === p.b && analysis.b === p.a);
  return samePair && (analysis.metric ?? p.metric) === p.metric && (analysis.alpha ?? p.alpha) === p.alpha;
}

/** The stored plan read back (a JSON text column), or null when there is none or it does not parse. */
export function parseStoredPlan(text: string | null): Plan | null {
  if (!text) return null;
  const r = PlanRequest.safeParse(JSON.parse(text));
  if (!r.success || r.data.minRepeats === undefined || r.data.maxRepeats === undefined) return null;
  return { ...r.data, minRepeats: r.data.minRepeats, maxRepeats: r.data.maxRepeats } as Plan;
}

/** A session's stored plan, as the gate and the report read it. */
export interface SessionPlan {
  sessionId: string;
  plan: Plan;
  sha256: string;
}

/** The plan an analysis of two sides is held against, and whether the analysis is that plan's. */
export interface PlanStanding extends SessionPlan {
  planned: boolean;
  /** One sentence naming the plan, its hash, and whether this analysis is it or exploratory. */
  text: string;
}

/**
 * Where a comparison of `a` (baseline) and `b` (candidate) stands against the sessions' plans:
 * the plan's own when both sides are one session that has a plan, the same pair (either way
 * round), the plan's metric and α; exploratory otherwise (another pair, another α, two
 * sessions, or a pooled selection, which a within-session plan never names; its plan is then the
 * first of `plans`). Null when there is no plan.
 */
export function planStanding(
  plans: readonly SessionPlan[],
  a: { session: string; config?: string },
  b: { session: string; config?: string },
  analysis: { metric?: string; alpha?: number } = {},
): PlanStanding | null {
  const p = plans.find((x) => x.sessionId === a.session) ?? plans.find((x) => x.sessionId === b.session) ?? plans[0];
  if (!p) return null;
  const planned =
    a.session === b.session &&
    a.session === p.sessionId &&
    !!a.config &&
    !!b.config &&
    isPlanned(p.plan, { a: a.config, b: b.config, metric: analysis.metric, alpha: analysis.alpha });
  const head = `Pre-registered plan of ${p.sessionId} · sha256 ${p.sha256}: ${planSentence(p.plan)}.`;
  return {
    ...p,
    planned,
    text: planned
      ? `${head} This comparison is the plan's primary one.`
      : `${head} Exploratory: this comparison is not the plan's (${p.plan.a} against ${p.plan.b}, α ${p.plan.alpha}, pass rate, within the session).`,
  };
}
