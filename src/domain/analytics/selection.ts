import { integer } from "../stats/format";
import { notice, type Notice } from "./notices";

/**
 * How the sessions of an analytics view were chosen: `default` (none named: the newest session
 * with matching runs that is neither a trial nor an A/A calibration), `chosen` (named in the address), `all` (`allSessions=1`: every
 * session pooled on purpose).
 */
export type SelectionMode = "default" | "chosen" | "all";

/** What the selected runs of one session are, as SQL groups them (per session). */
export interface SessionFacts {
  id: string;
  name: string;
  runs: number;
  models: string[];
  /** The ids its phones reported (the Device filter's values). */
  devices: string[];
  /** Its phones as pages name them (phoneLabel: token name · reported id); `devices` when absent. */
  phones?: string[];
  builds: string[];
  /** Charging at start per run: true, false, or null when the phone did not say. */
  charging: (boolean | null)[];
}

/** Runs of session `copy` identical to runs of session `of` (task, config, repeat, attempt, device, start time). */
export interface DuplicateFacts {
  of: string;
  copy: string;
  runs: number;
}

const quoted = (s: string) => `“${s}”`;

/** "a, b and c", or "a, b, c and 4 more" past `max` items. */
export function listOf(items: readonly string[], max = 3): string {
  if (items.length <= 1) return items.join("");
  if (items.length > max) return `${items.slice(0, max).join(", ")} and ${items.length - max} more`;
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

const distinct = <T>(xs: readonly T[]): T[] => [...new Set(xs)];
const chargingLabel = (c: boolean | null) => (c === null ? "not reported" : c ? "charging" : "on battery");

/**
 * Everything a selection mixes that its figures silently blend, one notice each, most harmful
 * first: the same runs counted twice (an imported copy beside its original), several sessions,
 * models, devices, app builds, charging states. Each carries its level (notices.ts): runs counted
 * twice and pooled models or builds may mislead; several phones are context. The compare page's
 * like-for-like notices ask the same of two sides; these ask it of the whole selection.
 */
export function selectionMixNotices(
  sessions: readonly SessionFacts[],
  duplicates: readonly DuplicateFacts[],
): Notice[] {
  const name = new Map(sessions.map((s) => [s.id, s.name]));
  const label = (id: string) => quoted(name.get(id) ?? id);
  const out: Notice[] = [];
  for (const d of duplicates) {
    out.push(
      notice(
        "duplicateRuns",
        `${label(d.copy)} repeats ${integer(d.runs)} run${d.runs === 1 ? "" : "s"} of ${label(d.of)} (same task, config, repeat, device and start time, as an imported copy would): those runs are counted twice; untick one of the two sessions.`,
      ),
    );
  }
  const withRuns = sessions.filter((s) => s.runs > 0);
  if (withRuns.length > 1)
    out.push(
      notice(
        "pooledSessions",
        `This selection pools ${withRuns.length} sessions (${listOf(withRuns.map((s) => quoted(s.name)))}): session-to-session differences blend into every figure; tick one session to read it alone.`,
      ),
    );
  const models = distinct(withRuns.flatMap((s) => s.models)).sort();
  if (models.length > 1)
    out.push(
      notice(
        "mixedModels",
        `It mixes ${models.length} models (${listOf(models, 4)}): pass rates and timings blend them; pick the sessions of one model.`,
      ),
    );
  const devices = distinct(withRuns.flatMap((s) => s.phones ?? s.devices)).sort();
  if (devices.length > 1)
    out.push(
      notice(
        "mixedDevices",
        `It mixes ${devices.length} devices (${listOf(devices, 4)}): timings blend them; pick one under Device.`,
      ),
    );
  const builds = distinct(withRuns.flatMap((s) => s.builds)).sort();
  if (builds.length > 1)
    out.push(
      notice(
        "mixedBuilds",
        `It mixes ${builds.length} app builds (${listOf(builds, 4)}): timings blend them; pick one under Build.`,
      ),
    );
  const rank = (c: boolean | null) => (c === true ? 0 : c === false ? 1 : 2);
  const charging = distinct(withRuns.flatMap((s) => s.charging)).sort((a, b) => rank(a) - rank(b));
  if (charging.length > 1)
    out.push(
      notice(
        "mixedCharging",
        `It mixes charging states (${listOf(charging.map(chargingLabel))}): timings blend them; pick one under Charging.`,
      ),
    );
  return out;
}

/** The sentences of `selectionMixNotices`, in its order (the API's `warnings`). */
export function selectionMixes(sessions: readonly SessionFacts[], duplicates: readonly DuplicateFacts[]): string[] {
  return selectionMixNotices(sessions, duplicates).map((n) => n.text);
}

/**
 * The line above the figures that says which runs they are: the default is named, so a reader
 * never takes the newest session for everything; unknown ids are named as unknown.
 */
export function selectionHeadline(
  mode: SelectionMode,
  sessions: readonly { name: string; runs: number }[],
  unknown: readonly string[],
): { headline: string; unknown: string | null } {
  const runs = (n: number) => `${integer(n)} run${n === 1 ? "" : "s"}`;
  const total = sessions.reduce((n, s) => n + s.runs, 0);
  let headline: string;
  if (mode === "default")
    headline = sessions.length
      ? `Showing the newest session, ${quoted(sessions[0].name)} (${runs(sessions[0].runs)}): pick others above to add or compare them.`
      : "No session has scored runs matching these filters yet.";
  else if (mode === "all")
    headline = `Pooling every session on purpose: ${integer(sessions.length)} session${sessions.length === 1 ? "" : "s"}, ${runs(total)}.`;
  else if (sessions.length === 0) headline = "No session named in the address is known here: there is nothing to show.";
  else if (sessions.length === 1) headline = `Showing ${quoted(sessions[0].name)} (${runs(sessions[0].runs)}).`;
  else headline = `Showing ${integer(sessions.length)} selected sessions (${runs(total)}).`;
  const unknownLine = unknown.length
    ? `${unknown.length === 1 ? "Session" : "Sessions"} ${listOf(
        unknown.map((u) => `“${u}”`),
        5,
      )} ${unknown.length === 1 ? "is" : "are"} unknown here (deleted, or from another dashboard): ${unknown.length === 1 ? "it is" : "they are"} left out; remove ${unknown.length === 1 ? "it" : "them"} above or import ${unknown.length === 1 ? "its" : "their"} runs.json.`
    : null;
  return { headline, unknown: unknownLine };
}

/** The switches that bring back runs the filters leave out. */
export interface FlagsToSet {
  includeTrial?: true;
  includeSuperseded?: true;
}

/**
 * Runs the selection would read with a switch turned on, counted only when it reads none: `trial`
 * with "include trial runs", `superseded` with "include superseded", `both` with both.
 */
export interface HiddenRuns {
  trial: number;
  superseded: number;
  both: number;
}

/**
 * Why a selection reads 0 runs when a switch is the reason, and the switch to turn on: every
 * selected session is a trial (or, with none named, every matching run is in a trial session)
 * while trial runs are left out, or every matching run is superseded (re-run since) while
 * superseded runs are left out. Null when runs are read, or when no switch would bring any back
 * (then the filters themselves are the reason). The pages put the switch's link beside it.
 */
export function hiddenRunsOffer(input: {
  runs: number;
  includeTrial: boolean;
  includeSuperseded: boolean;
  /** Names of the selected sessions that are trials (none when no session is named). */
  trialSessions: readonly string[];
  hidden: HiddenRuns;
}): { text: string; set: FlagsToSet } | null {
  const { runs, hidden } = input;
  if (runs > 0) return null;
  // "its 4 runs", "their run", "those 1,200 runs", "that run".
  const n = (k: number, whose = "those") =>
    k === 1 ? `${whose === "those" ? "that" : whose} run` : `${whose} ${integer(k)} runs`;
  const trial = input.trialSessions.map(quoted);
  if (!input.includeTrial && hidden.trial > 0) {
    const why =
      trial.length === 1
        ? `${trial[0]} is a trial session`
        : trial.length > 1
          ? `${listOf(trial, 4)} are trial sessions`
          : "Every run matching these filters is in a trial session";
    const whose = trial.length === 1 ? "its" : trial.length > 1 ? "their" : "those";
    return {
      text: `${why}, and trial runs are left out unless “include trial runs” is ticked: include them to read ${n(hidden.trial, whose)}.`,
      set: { includeTrial: true },
    };
  }
  if (!input.includeSuperseded && hidden.superseded > 0)
    return {
      text: `Every run matching these filters is superseded (a late result of a job another phone completed), and superseded runs are left out unless “include superseded” is ticked: include them to read ${n(hidden.superseded)}.`,
      set: { includeSuperseded: true },
    };
  if (!input.includeTrial && !input.includeSuperseded && hidden.both > 0)
    return {
      text: `The runs matching these filters are superseded runs of trial sessions, which are left out unless “include trial runs” and “include superseded” are ticked: include both to read ${n(hidden.both)}.`,
      set: { includeTrial: true, includeSuperseded: true },
    };
  return null;
}
