import type { Thermal } from "../protocol/common";
import type { TaskGroup } from "../suite/schema";
import { OUTCOMES } from "../scoring/types";
import { GROUP_LABELS, outcomeLabel } from "../runs/labels";

/**
 * A filter's column: its name in the run's, the session's or the current score's row (the runs
 * join's alias); run_facts and turn_facts keep every source column's name (ADR 10, 11).
 */
export interface FilterColumn {
  on: "run" | "session" | "score";
  name: string;
}

/**
 * How a field reads and writes, and what it asks of the SQL:
 * - `list`: a repeatable parameter; none named is `[]`; `column IN (…)`.
 * - `text`: 1–`max` characters; absent means any; `column = ?`.
 * - `enum`: one of `options`; absent means any; `column = ?`.
 * - `boolean`: `1`/`true` or `0`/`false`, written `true`/`false`; absent means either; `column = ?`.
 * - `flag`: an opt-in switch, off by default, written `1`; while off, rows whose column is TRUE are
 *   left out. A flag without a column changes which sessions are read (resolveSelection.ts).
 */
type Shape =
  | { kind: "list"; max: number; itemMax: number }
  | { kind: "text"; max: number }
  | { kind: "enum"; options: readonly string[] }
  | { kind: "boolean" }
  | { kind: "flag" };

export type FilterField = Shape & {
  /** The property of `AnalyticsFilter`, and the query parameter. */
  key: string;
  param: string;
  /** The parameter's description in the contract (OpenAPI); booleans get the accepted values appended. */
  doc: string;
  column: FilterColumn | null;
  /** The forms' word for the filter (a checkbox's whole text for a flag). */
  label: string;
  /** The runs explorer's word, where it is shorter than `label`. */
  short?: string;
  /** The forms' words for values that are codes (a boolean's keyed `true` and `false`). */
  labels?: Readonly<Record<string, string>>;
  /** How the methods paragraph says the filter: the word before its value, or a boolean's [yes, no]. */
  said?: string | readonly [string, string];
  /** The list of values the forms offer, as filterOptions names it: the column's values in run_facts. */
  offer?: string;
  /** Shown as a select in the analytics pages' filter bar. */
  bar?: true;
};

const THERMAL = ["nominal", "fair", "serious", "critical"] as const satisfies readonly Thermal[];
const GROUPS = ["no_files", "files", "multi_step"] as const satisfies readonly TaskGroup[];

/**
 * The analytics filter (protocol.md §5), one entry per field in query-string order, from which the
 * schema and parser (filter.ts), the query string (filterParams.ts), the contract's parameters
 * (contracts/query.ts), the SQL (server/analytics/where.ts), the offered values (filterOptions.ts)
 * and the forms' and methods paragraph's words are derived: a filter is added by adding an entry
 * (ADR 16). No zod here: the browser's filter forms import this list.
 */
export const FILTER_FIELDS = [
  {
    key: "sessions",
    param: "session",
    kind: "list",
    max: 200,
    itemMax: 100,
    column: { on: "run", name: "session_id" },
    doc: "A session id; repeat for several. None: analytics show the newest session with matching runs that is neither a trial nor an A/A calibration (`allSessions=1` pools every session); exports take every session.",
    label: "Session",
  },
  {
    key: "allSessions",
    param: "allSessions",
    kind: "flag",
    column: null,
    doc: "Analytics: pool every session when no `session` is named",
    label: "pool every session",
  },
  {
    key: "build",
    param: "build",
    kind: "text",
    max: 100,
    column: { on: "run", name: "build_commit" },
    doc: "Build commit.",
    label: "Build",
    said: "build",
    offer: "builds",
    bar: true,
  },
  {
    key: "device",
    param: "device",
    kind: "text",
    max: 200,
    column: { on: "run", name: "device_id" },
    doc: "Device id.",
    label: "Device",
    said: "device",
    offer: "devices",
    bar: true,
  },
  {
    key: "thermal",
    param: "thermal",
    kind: "enum",
    options: THERMAL,
    column: { on: "run", name: "thermal_at_start" },
    doc: "Thermal state at start: nominal, fair, serious or critical.",
    label: "Thermal at start",
    short: "Thermal",
    said: "thermal state",
    bar: true,
  },
  {
    key: "charging",
    param: "charging",
    kind: "boolean",
    column: { on: "run", name: "charging" },
    doc: "Charging at start",
    label: "Charging",
    labels: { true: "charging", false: "on battery" },
    said: ["charging", "not charging"],
    bar: true,
  },
  {
    key: "includeTrial",
    param: "includeTrial",
    kind: "flag",
    column: { on: "session", name: "trial" },
    doc: "Include trial sessions",
    label: "include trial runs",
    short: "trial",
  },
  {
    key: "includeSuperseded",
    param: "includeSuperseded",
    kind: "flag",
    column: { on: "run", name: "superseded" },
    doc: "Include superseded runs",
    label: "include superseded",
    short: "superseded",
  },
  {
    key: "task",
    param: "task",
    kind: "text",
    max: 80,
    column: { on: "run", name: "task_id" },
    doc: "Task id (runs explorer).",
    label: "Task",
    said: "task",
    offer: "tasks",
  },
  {
    key: "group",
    param: "group",
    kind: "enum",
    options: GROUPS,
    column: { on: "run", name: "task_group" },
    doc: "Task group: files, no_files or multi_step.",
    label: "Group",
    labels: GROUP_LABELS,
    said: "group",
  },
  {
    key: "config",
    param: "config",
    kind: "text",
    max: 80,
    column: { on: "run", name: "config_id" },
    doc: "Config id.",
    label: "Config",
    said: "config",
    offer: "configs",
  },
  {
    key: "outcome",
    param: "outcome",
    kind: "enum",
    options: OUTCOMES,
    column: { on: "score", name: "outcome" },
    doc: "Outcome label.",
    label: "Outcome",
    labels: Object.fromEntries(OUTCOMES.map((o) => [o, outcomeLabel(o)])),
    said: "outcome",
  },
  {
    key: "passed",
    param: "passed",
    kind: "boolean",
    column: { on: "score", name: "passed" },
    doc: "Passed",
    label: "Passed",
    labels: { true: "passed", false: "failed" },
    said: ["passed", "failed"],
  },
  {
    key: "looping",
    param: "looping",
    kind: "boolean",
    column: { on: "score", name: "looping" },
    doc: "Looping",
    label: "Looping",
    labels: { true: "looping", false: "not looping" },
    said: ["looping", "not looping"],
  },
  {
    key: "toolsDropped",
    param: "toolsDropped",
    kind: "boolean",
    column: { on: "run", name: "tools_dropped" },
    doc: "The start-up prompt lost the tools (v1.1)",
    label: "Tools",
    labels: { true: "dropped by the template", false: "in the prompt" },
    said: ["tools dropped", "tools kept"],
  },
  {
    key: "suite",
    param: "suite",
    kind: "text",
    max: 80,
    column: { on: "session", name: "suite_id" },
    doc: "Suite id: only runs of that suite's sessions (with no `session`, analytics show its newest).",
    label: "Suite",
    said: "suite",
    offer: "suites",
    bar: true,
  },
] as const satisfies readonly FilterField[];

type Field = (typeof FILTER_FIELDS)[number];
export type FilterKey = Field["key"];

type ValueOf<F> = F extends { kind: "list" }
  ? string[]
  : F extends { kind: "flag" | "boolean" }
    ? boolean
    : F extends { kind: "enum"; options: readonly (infer O)[] }
      ? O
      : string;
type Always = Extract<Field, { kind: "list" | "flag" }>;
type Maybe = Exclude<Field, Always>;

/** A filter's values: lists and flags always hold one (their defaults), the rest only when given. */
export type AnalyticsFilter = { [F in Always as F["key"]]: ValueOf<F> } & { [F in Maybe as F["key"]]?: ValueOf<F> };

/** The names of filterOptions' lists of offered values. */
export type OfferedList = Extract<Field, { offer: string }>["offer"];

export const fieldOf = (key: FilterKey): FilterField => FILTER_FIELDS.find((f) => f.key === key)!;
