import { calibrationIssues } from "../sessions/calibration";
import type { Suite } from "../suite/schema";

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
  /** The seed field's text; blank means a random seed. */
  seed?: string;
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
  /** The seed to send (null: let the server pick one), or why the field is not valid. */
  seed: ReturnType<typeof seedField>;
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
  const seed = seedField(p.seed ?? "");
  if (!seed.ok) blockers.push(seed.error);
  const repeats = fields.repeats.ok ? fields.repeats.value : null;
  const jobs = repeats === null ? null : p.taskCount * p.configCount * repeats;
  const summary = `${plural(p.taskCount, "task")} × ${plural(p.configCount, "config")} × ${
    repeats === null ? "? repeats" : plural(repeats, "repeat")
  }${p.calibration ? " (A/A calibration: arm 1 the odd repeats, arm 2 the even ones)" : p.trial ? " (trial: one repeat)" : ""}`;
  const button =
    jobs === null ? "Queue: fix the repeats" : jobs === 0 ? "Nothing to queue yet" : `Queue ${plural(jobs, "job")}`;
  return { jobs, button, blockers, summary, fields, seed };
}

/** The largest seed the server takes (CreateSessionRequest.seed). */
export const MAX_SEED = 2 ** 31 - 1;

/** The seed field: blank means "a random seed" (value null); otherwise a whole number the server takes. */
export function seedField(raw: string): { ok: true; value: number | null } | { ok: false; error: string } {
  const text = raw.trim();
  if (text === "") return { ok: true, value: null };
  const range = `0 to ${fmt(MAX_SEED)}`;
  if (!/^\+?\d+$/.test(text))
    return {
      ok: false,
      error: `Seed: type a whole number from ${range} (no signs, decimals or letters), or leave it blank for a random one.`,
    };
  const value = Number(text);
  if (value > MAX_SEED)
    return { ok: false, error: `Seed: ${text} is too large; type a whole number from ${range}, or leave it blank.` };
  return { ok: true, value };
}

/** The seed field's hint: what the seed does in the order chosen. */
export function seedHint(order: "interleaved" | "blocked"): string {
  return order === "interleaved"
    ? "Blank: a random seed, shown on the session page. The same seed with the same tasks, configs and repeats queues the jobs in the same interleaved order."
    : "Blocked order does not shuffle, so the seed changes nothing; it is only recorded.";
}

/** A suite as the New session form shows it: its tasks and configs, nothing the form does not draw. */
export interface FormSuite {
  id: string;
  version: number;
  name: string | null;
  tasks: {
    id: string;
    group: Suite["tasks"][number]["group"];
    heldOut: boolean;
    title: string | null;
    prompt: string;
  }[];
  configs: { id: string; label: string }[];
}

export function formSuite(suite: Suite): FormSuite {
  return {
    id: suite.id,
    version: suite.version,
    name: suite.name ?? null,
    tasks: suite.tasks.map((t) => ({
      id: t.id,
      group: t.group,
      heldOut: !!t.heldOut,
      title: t.title ?? null,
      prompt: t.prompt,
    })),
    configs: suite.configs.map((c) => ({ id: c.id, label: c.label })),
  };
}

/** One stored suite as the New session form's picker offers it. */
export interface SuiteOption {
  id: string;
  version: number;
  name: string | null;
  tasks: number;
  configs: number;
  default: boolean;
}

/** The suite picker's line for one stored suite. */
export function suiteOptionLabel(s: SuiteOption): string {
  const named = s.name && s.name !== s.id ? `${s.name} (${s.id})` : s.id;
  return `${named} v${s.version}: ${plural(s.tasks, "task")}, ${plural(s.configs, "config")}${s.default ? " · default" : ""}`;
}

type Params = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
/** A comma-separated list parameter (`configs=a,b`), repeated or not, blanks dropped, first occurrence kept. */
const list = (v: string | string[] | undefined) => [
  ...new Set(
    (Array.isArray(v) ? v : v === undefined ? [] : [v])
      .flatMap((x) => x.split(","))
      .map((x) => x.trim())
      .filter(Boolean),
  ),
];

/** The suite the address asks for (`?suite=<id>`), or null for the default suite. */
export function prefillSuiteId(params: Params): string | null {
  return first(params.suite)?.trim() || null;
}

/** What `/sessions/new?…` opens the form with. */
export interface NewSessionPrefill {
  calibration: boolean;
  /** The configs ticked at first: those named that the suite has. */
  configs: string[];
  /** Named configs the suite does not have, for a sentence above the form. */
  unknownConfigs: string[];
  /** The tasks ticked one by one, or null for "all tasks". */
  tasks: string[] | null;
  /** Named tasks the suite does not have. */
  unknownTasks: string[];
  /** The seed field's text ("" = random). */
  seed: string;
  order: "interleaved" | "blocked";
  /** The repeats field's text, when the address gives one. */
  repeats: string | null;
  trial: boolean;
  /** The suite version the address names when it is not the newest (a rerun of an older session), else null. */
  olderVersion: number | null;
  /** A pre-registered plan's fields (`plan=a,b`, `alpha`), as text for the form; null when not named. */
  plan: { a: string; b: string; alpha: string } | null;
  /** Adaptive repeat bounds (`adaptive=min-max`), as text; null when not named. */
  adaptive: { min: string; max: string } | null;
}

/**
 * Reads the New session page's address, so another page can link to a prefilled form:
 * `calibration=1` ticks the box; `config=<id>` or `configs=a,b` tick those configs the suite has;
 * `tasks=a,b` picks those tasks; `seed`, `order`, `repeats`, `trial=1` fill their fields; `version`
 * names the suite version a rerun came from (a new session always uses the newest); `plan=a,b` with
 * `alpha`, and `adaptive=min-max`, fill the pre-registered plan and the adaptive repeats (the form
 * checks them as it checks what is typed).
 */
export function newSessionPrefill(
  params: Params,
  suite: { version: number; configs: readonly string[]; tasks?: readonly string[] },
): NewSessionPrefill {
  const flag = (v: string | string[] | undefined) => ["1", "true"].includes(first(v) ?? "");
  const named = list([...list(params.config), ...list(params.configs)]);
  const taskIds = suite.tasks ?? [];
  const namedTasks = list(params.tasks);
  const knownTasks = namedTasks.filter((t) => taskIds.includes(t));
  const everyTask = knownTasks.length === taskIds.length && taskIds.every((t) => knownTasks.includes(t));
  const version = Number(first(params.version));
  const repeats = first(params.repeats)?.trim();
  const [a, b] = (first(params.plan) ?? "").split(",").map((x) => x.trim());
  const bounds = /^(\d+)-(\d+)$/.exec(first(params.adaptive)?.trim() ?? "");
  return {
    calibration: flag(params.calibration),
    configs: named.filter((c) => suite.configs.includes(c)),
    unknownConfigs: named.filter((c) => !suite.configs.includes(c)),
    tasks: knownTasks.length === 0 || everyTask ? null : knownTasks,
    unknownTasks: namedTasks.filter((t) => !taskIds.includes(t)),
    seed: first(params.seed)?.trim() ?? "",
    order: first(params.order) === "blocked" ? "blocked" : "interleaved",
    repeats: repeats ? repeats : null,
    trial: flag(params.trial),
    olderVersion: Number.isInteger(version) && version > 0 && version < suite.version ? version : null,
    plan: a && b ? { a, b, alpha: first(params.alpha)?.trim() || "0.05" } : null,
    adaptive: bounds ? { min: bounds[1], max: bounds[2] } : null,
  };
}

/**
 * The address of the New session form filled as this session was: same suite, seed, order,
 * configs, tasks and repeats, so a rerun queues the same jobs in the same order (issue 34.7), and
 * the same pre-registered plan and adaptive bounds (issue 36).
 */
export function rerunAddress(s: {
  suite: { id: string; version: number };
  seed: number;
  order: string;
  configIds: readonly string[];
  taskIds: readonly string[];
  repeats: number;
  trial: boolean;
  calibration: boolean;
  plan?: { a: string; b: string; alpha: number } | null;
  adaptive?: { minRepeats: number; maxRepeats: number } | null;
}): string {
  const q = new URLSearchParams({
    suite: s.suite.id,
    version: String(s.suite.version),
    seed: String(s.seed),
    order: s.order,
    configs: s.configIds.join(","),
    tasks: s.taskIds.join(","),
    repeats: String(s.repeats),
  });
  if (s.trial) q.set("trial", "1");
  if (s.calibration) q.set("calibration", "1");
  if (s.plan) {
    q.set("plan", `${s.plan.a},${s.plan.b}`);
    q.set("alpha", String(s.plan.alpha));
  }
  if (s.adaptive) q.set("adaptive", `${s.adaptive.minRepeats}-${s.adaptive.maxRepeats}`);
  return `/sessions/new?${q.toString()}`;
}
