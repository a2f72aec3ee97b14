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

/** What pressing Queue would do: the job count the server computes (tasks × configs × repeats; a trial runs once). */
export function sessionPlan(p: PlanInput): Plan {
  const fields = {
    repeats: p.trial ? ({ ok: true, value: 1 } as const) : wholeNumber(p.repeats, SESSION_LIMITS.repeats),
    leaseSeconds: wholeNumber(p.leaseSeconds, SESSION_LIMITS.leaseSeconds),
    maxAttempts: wholeNumber(p.maxAttempts, SESSION_LIMITS.maxAttempts),
  };
  const blockers: string[] = [];
  if (!p.name.trim()) blockers.push("Name the session.");
  if (p.configCount === 0) blockers.push("Pick at least one harness config.");
  if (p.taskCount === 0)
    blockers.push(p.taskMode === "groups" ? "Pick at least one task group." : "Pick at least one task.");
  for (const f of Object.values(fields)) if (!f.ok) blockers.push(f.error);
  const repeats = fields.repeats.ok ? fields.repeats.value : null;
  const jobs = repeats === null ? null : p.taskCount * p.configCount * repeats;
  const summary = `${plural(p.taskCount, "task")} × ${plural(p.configCount, "config")} × ${
    repeats === null ? "? repeats" : plural(repeats, "repeat")
  }${p.trial ? " (trial: one repeat)" : ""}`;
  const button =
    jobs === null ? "Queue: fix the repeats" : jobs === 0 ? "Nothing to queue yet" : `Queue ${plural(jobs, "job")}`;
  return { jobs, button, blockers, summary, fields };
}
