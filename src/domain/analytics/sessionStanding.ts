import type { JobCounts } from "../queue/progress";
import { sessionState } from "../sessions/state";
import { notice, severestKind, type Notice, type NoticeKind } from "./notices";

/** What a selected session is, as far as its figures can be trusted to compare configs. */
export interface SessionStanding {
  id: string;
  name: string;
  trial: boolean;
  calibration: boolean;
  repeats: number;
  /** The session's own cancel mark (cancelledAt). */
  cancelled: boolean;
  /** An imported session has runs but no jobs: its completeness cannot be read from jobs. */
  imported: boolean;
  counts: JobCounts;
}

const quoted = (s: string) => `“${s}”`;

/**
 * A session a comparison can lean on: every job completed (none cancelled, failed or still
 * queued or running), more than one repeat, neither a trial nor an A/A calibration. The default
 * selection's "newest complete session" is the newest one for which this holds (its SQL in
 * src/server/analytics/sessionStandings.ts asks the same).
 */
export function isComplete(s: SessionStanding): boolean {
  const total = s.counts.queued + s.counts.leased + s.counts.completed + s.counts.failed + s.counts.cancelled;
  return (
    !s.imported &&
    !s.trial &&
    !s.calibration &&
    !s.cancelled &&
    s.repeats > 1 &&
    total > 0 &&
    s.counts.completed === total
  );
}

/**
 * One notice for a selected session that is not complete (cancelled, still running, finished
 * with failures, a trial, one repeat), saying what that does to its figures, at the level of the
 * most severe thing it names (notices.ts); null for a complete or an imported session (an import
 * has no jobs to judge by) and for an A/A calibration (named on purpose: it has a page of its own).
 */
export function standingNotice(s: SessionStanding): Notice | null {
  if (s.imported || s.calibration || isComplete(s)) return null;
  const st = sessionState(s.counts, s.cancelled);
  const parts: { kind: NoticeKind; text: string }[] = [];
  if (st.kind === "cancelled")
    parts.push({ kind: "sessionCancelled", text: `was cancelled after ${st.ran} of ${st.total} jobs` });
  else if (st.kind === "running" || st.kind === "waiting")
    parts.push({ kind: "sessionRunning", text: `is still running (${st.ran} of ${st.total} jobs done)` });
  else if (st.kind === "failed")
    parts.push({ kind: "sessionFailed", text: `finished with ${s.counts.failed} of ${st.total} jobs failed` });
  if (s.trial) parts.push({ kind: "trialSession", text: "is a trial (a dry run, not a study)" });
  if (s.repeats <= 1)
    parts.push({ kind: "oneRepeat", text: "has one repeat per task, so a task's result rests on a single run" });
  if (!parts.length) return null;
  const texts = parts.map((p) => p.text);
  const joined = texts.length === 1 ? texts[0] : `${texts.slice(0, -1).join(", ")} and ${texts[texts.length - 1]}`;
  const uneven = st.kind !== "finished" ? ": its configs may not cover the same tasks and repeats" : "";
  return notice(severestKind(parts.map((p) => p.kind)), `${quoted(s.name)} ${joined}${uneven}.`);
}

/** The sentence of `standingNotice`. */
export function standingLine(s: SessionStanding): string | null {
  return standingNotice(s)?.text ?? null;
}

/**
 * The notices about the selected sessions' standing, and the complete session to offer instead:
 * one per selected session that is not complete; for the default, one for a newer session passed
 * over (cancelled ones are never the default); the newest complete session is offered whenever a
 * notice is shown and it is not already selected. `lines` are the notices' sentences.
 */
export function selectionStanding(
  selected: readonly SessionStanding[],
  passedOver: readonly SessionStanding[],
  newestComplete: { id: string; name: string } | null,
): { lines: string[]; notices: Notice[]; offer: { id: string; name: string } | null } {
  const notices = selected.map(standingNotice).filter((n): n is Notice => n !== null);
  for (const p of passedOver) {
    const st = sessionState(p.counts, p.cancelled);
    notices.push(
      notice(
        "passedOver",
        `The newer session ${quoted(p.name)} is left out by default: it was cancelled after ${st.ran} of ${st.total} jobs; tick it above to read it anyway.`,
      ),
    );
  }
  const offer =
    notices.length && newestComplete && !selected.some((s) => s.id === newestComplete.id) ? newestComplete : null;
  return { lines: notices.map((n) => n.text), notices, offer };
}

/** Runs of one task × config in a selection (current, scored runs). */
export interface CoverageCell {
  configId: string;
  taskId: string;
  runs: number;
}

/**
 * "This selection is unbalanced: …(bash: 3 tasks, 1–2 runs each; files: 2 tasks, 2 runs each)…":
 * configs that did not run the same tasks with the same runs per task compare different work, so
 * it is said above the numbers (`unbalanced`). Configs that ran each task equally often, where tasks
 * ran different numbers of runs (an adaptive session repeats a task only while its sides disagree),
 * compare the same work, but pooled rates weigh a task by its runs (`unevenRepeats`). Null when
 * every config ran every task equally often (or there is one config). Configs in the order given.
 */
export function balanceLine(
  cells: readonly CoverageCell[],
): { kind: "unbalanced" | "unevenRepeats"; text: string } | null {
  const byConfig = new Map<string, Map<string, number>>();
  for (const c of cells) {
    const m = byConfig.get(c.configId) ?? new Map<string, number>();
    m.set(c.taskId, (m.get(c.taskId) ?? 0) + c.runs);
    byConfig.set(c.configId, m);
  }
  if (byConfig.size < 2) return null;
  const maps = [...byConfig.values()];
  const tasks = [...new Set(maps.flatMap((m) => [...m.keys()]))];
  const runs = maps.flatMap((m) => [...m.values()]);
  if (maps.every((m) => m.size === tasks.length) && runs.every((n) => n === runs[0])) return null;
  const paired = tasks.every((t) => maps.every((m) => m.get(t) === maps[0].get(t)));
  if (paired) {
    const lo = Math.min(...runs);
    const hi = Math.max(...runs);
    return {
      kind: "unevenRepeats",
      text: `Tasks ran ${lo}–${hi} runs each, the same on every config (an adaptive session repeats a task only while its sides disagree): pooled pass rates and medians weigh a task by its runs, so the tasks that ran more count more; the task-level comparison counts each task once.`,
    };
  }
  const each = ([configId, m]: [string, Map<string, number>]) => {
    const ns = [...m.values()];
    const lo = Math.min(...ns);
    const hi = Math.max(...ns);
    return `${configId}: ${m.size} task${m.size === 1 ? "" : "s"}, ${lo === hi ? lo : `${lo}–${hi}`} run${hi === 1 ? "" : "s"} each`;
  };
  return {
    kind: "unbalanced",
    text: `This selection is unbalanced: its configs did not run the same tasks and repeats (${[...byConfig.entries()]
      .map(each)
      .join("; ")}), so differences between configs mix in different work; compare them on a complete session.`,
  };
}
