import { calibrationIssues } from "../sessions/calibration";

/**
 * The New session form's numbers and its Queue button, shaped here so the page only draws them.
 * Number fields keep what was typed (a cleared field is "", not 0) and are judged on every key:
 * a whole number within the server's limits, or a sentence beside the field saying what to type.
 */
export type Parsed = { ok: true; value: number } | { ok: false; error: string };

/** The server's limits (src/domain/protocol/api.ts CreateSessionRequest). */
export const SESSION_LIMITS = {
  repeats: { min: 1, max: 100, label: "Repeats" },
  leaseSeconds: { min: 1, max: 86_400, label: "Lease seconds" },
  maxAttempts: { min: 1, max: 20, label: "Max attempts" },
} as const;

const fmt = (n: number) => n.toLocaleString("en-US");

export function wholeNumber(raw: string, limits: { min: number; max: number; label: string }): Parsed {
  const text = raw.trim();
  const range = `${fmt(limits.min)} to ${fmt(limits.max)}`;
  if (text === "") return { ok: false, error: `${limits.label}: type a whole number from ${range}.` };
  if (!/^[+-]?\d+$/.test(text))
    return { ok: false, error: `${limits.label}: type a whole number (${range}), no decimals or letters.` };
  const value = Number(text);
  if (value < limits.min || value > limits.max)
    return { ok: false, error: `${limits.label}: ${fmt(value)} is out of range; type a whole number from ${range}.` };
  return { ok: true, value };
}

export interface PlanInput {
  name: string;
  taskCount: number;
  /** Which way tasks are chosen, for the reason when none is. */
  taskMode: "all" | "groups" | "pick";
  configCount: number;
  trial: boolean;
  /** An A/A calibration: exactly one config and an even number of repeats (the server's rule). */
  calibration: boolean;
  repeats: string;
  leaseSeconds: string;
  maxAttempts: string;
}

export interface Plan {
  /** Jobs the server will queue, or null while a field is invalid (then no number would be honest). */
  jobs: number | null;
  /** The button's text: "Queue 72 jobs", or what stops it. */
  button: string;
  /** Why the button is disabled, one sentence each; empty when it can be pressed. */
  blockers: string[];
  /** tasks × configs × repeats, in words. */
  summary: string;
  fields: { repeats: Parsed; leaseSeconds: Parsed; maxAttempts: Parsed };
}

const plural = (n: number, word: string) => `${fmt(n)} ${word}${n === 1 ? "" : "s"}`;

/** The repeats field of an A/A calibration: a whole number in range, and even so both arms are the same size. */
export function calibrationRepeats(raw: string): Parsed {
  const n = wholeNumber(raw, SESSION_LIMITS.repeats);
  if (!n.ok || !calibrationIssues(1, n.value).length) return n;
  return {
    ok: false,
    error: `Repeats: an A/A calibration runs its config in two equal arms; type an even number (2, 4, 6, …), not ${fmt(n.value)}.`,
  };
}

/**
 * What pressing Queue would do: the job count the server computes (tasks × configs × repeats; a
 * trial runs once; a calibration has one config and an even number of repeats).
 */
export function sessionPlan(p: PlanInput): Plan {
  const fields = {
    repeats: p.calibration
      ? calibrationRepeats(p.repeats)
      : p.trial
        ? ({ ok: true, value: 1 } as const)
        : wholeNumber(p.repeats, SESSION_LIMITS.repeats),
    leaseSeconds: wholeNumber(p.leaseSeconds, SESSION_LIMITS.leaseSeconds),
    maxAttempts: wholeNumber(p.maxAttempts, SESSION_LIMITS.maxAttempts),
  };
  const blockers: string[] = [];
  if (!p.name.trim()) blockers.push("Name the session.");
  if (p.configCount === 0) blockers.push("Pick at least one harness config.");
  else if (p.calibration && p.configCount > 1)
    blockers.push("An A/A calibration runs one config: leave one harness config ticked.");
  if (p.taskCount === 0)
    blockers.push(p.taskMode === "groups" ? "Pick at least one task group." : "Pick at least one task.");
  for (const f of Object.values(fields)) if (!f.ok) blockers.push(f.error);
  const repeats = fields.repeats.ok ? fields.repeats.value : null;
  const jobs = repeats === null ? null : p.taskCount * p.configCount * repeats;
  const summary = `${plural(p.taskCount, "task")} × ${plural(p.configCount, "config")} × ${
    repeats === null ? "? repeats" : plural(repeats, "repeat")
  }${p.calibration ? " (A/A calibration: arm 1 the odd repeats, arm 2 the even ones)" : p.trial ? " (trial: one repeat)" : ""}`;
  const button =
    jobs === null ? "Queue: fix the repeats" : jobs === 0 ? "Nothing to queue yet" : `Queue ${plural(jobs, "job")}`;
  return { jobs, button, blockers, summary, fields };
}

/** What `/sessions/new?calibration=1&config=<id>` opens the form with. */
export interface NewSessionPrefill {
  calibration: boolean;
  /** The configs ticked at first: the one named, when the suite has it. */
  configs: string[];
  /** A named config the suite does not have, for a sentence above the form; null otherwise. */
  unknownConfig: string | null;
}

/**
 * Reads the New session page's address, so another page can link to "Queue an A/A check for this
 * config": `calibration=1` (or `true`) ticks the box, `config=<id>` ticks that config if the suite has it.
 */
export function newSessionPrefill(
  params: Record<string, string | string[] | undefined>,
  suiteConfigs: readonly string[],
): NewSessionPrefill {
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const flag = first(params.calibration);
  const config = first(params.config)?.trim() || null;
  const known = config !== null && suiteConfigs.includes(config);
  return {
    calibration: flag === "1" || flag === "true",
    configs: known ? [config] : [],
    unknownConfig: known ? null : config,
  };
}
