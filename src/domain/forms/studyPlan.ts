import { SESSION_LIMITS, wholeNumber, type Parsed } from "./newSession";

/**
 * The New session form's pre-registered plan and adaptive repeats (issues 36.2 and 36.3): what
 * the researcher typed, judged on every key, and the request fields it becomes. Pure, so the
 * form only draws it.
 */
export interface StudyPlanInput {
  /** "Pre-register a plan" is ticked. */
  preregister: boolean;
  /** "Adaptive repeats" is ticked (needs the plan). */
  adaptive: boolean;
  a: string;
  b: string;
  alpha: string;
  minRepeats: string;
  maxRepeats: string;
  /** The configs ticked in the form: a and b must be two of them. */
  configs: readonly string[];
}

export interface StudyPlanFields {
  alpha: Parsed | { ok: true; value: number };
  minRepeats: Parsed;
  maxRepeats: Parsed;
  /** One sentence each; empty when the section can be sent. */
  blockers: string[];
  /** `plan` and `adaptive` for POST /api/sessions, or undefined when not asked for. */
  request: {
    plan?: { a: string; b: string; alpha: number };
    adaptive?: { minRepeats: number; maxRepeats: number };
  };
}

/** α as typed: a number above 0 and below 0.5 (0.05 for an anytime 95% interval). */
export function alphaField(raw: string): Parsed {
  const text = raw.trim();
  const n = Number(text);
  if (text === "" || !Number.isFinite(n))
    return { ok: false, error: "α: type a number between 0 and 0.5, e.g. 0.05 for an anytime 95% interval." };
  if (!(n > 0 && n < 0.5)) return { ok: false, error: `α: ${text} is out of range; type a number between 0 and 0.5.` };
  return { ok: true, value: n };
}

export function studyPlanFields(p: StudyPlanInput): StudyPlanFields {
  const alpha = alphaField(p.alpha);
  const minRepeats = wholeNumber(p.minRepeats, { ...SESSION_LIMITS.repeats, label: "Minimum repeats" });
  const maxRepeats = wholeNumber(p.maxRepeats, { ...SESSION_LIMITS.repeats, label: "Maximum repeats" });
  const blockers: string[] = [];
  const request: StudyPlanFields["request"] = {};
  const wantsPlan = p.preregister || p.adaptive;
  if (wantsPlan) {
    if (!p.a || !p.b) blockers.push("Plan: pick the configs a and b to compare.");
    else if (p.a === p.b) blockers.push("Plan: a and b must be two different configs.");
    else if (!p.configs.includes(p.a) || !p.configs.includes(p.b))
      blockers.push("Plan: tick both a and b under Harness configs.");
    if (!alpha.ok) blockers.push(alpha.error);
  }
  if (p.adaptive) {
    if (!minRepeats.ok) blockers.push(minRepeats.error);
    if (!maxRepeats.ok) blockers.push(maxRepeats.error);
    if (minRepeats.ok && maxRepeats.ok && minRepeats.value > maxRepeats.value)
      blockers.push("Adaptive repeats: the maximum must be at least the minimum.");
  }
  if (wantsPlan && !blockers.length && alpha.ok) request.plan = { a: p.a, b: p.b, alpha: alpha.value };
  if (p.adaptive && !blockers.length && minRepeats.ok && maxRepeats.ok)
    request.adaptive = { minRepeats: minRepeats.value, maxRepeats: maxRepeats.value };
  return { alpha, minRepeats, maxRepeats, blockers, request };
}

/** The Queue line for an adaptive session: what is queued now and at most. */
export function adaptiveSummaryText(tasks: number, configs: number, min: number, max: number): string {
  return `adaptive: ${tasks * configs * min} jobs now (${min} repeat${min === 1 ? "" : "s"} each), at most ${tasks * configs * max} (${max} repeats) as the comparison needs`;
}
