/**
 * How much each notice above the figures matters, in one place (issue 34.10). Three levels:
 * - `misleading` (red): a number on the page may mislead as it stands (runs counted twice, configs
 *   compared on different work, two models or builds pooled into one figure);
 * - `caution`: worth knowing before trusting a figure, but the figure means what it says (a hot
 *   phone, a session still running, charging states blended into timings);
 * - `info`: context (several phones in a normal multi-phone session, trial runs read on purpose).
 * Red is kept for the first, so a normal multi-phone session no longer looks like an accident.
 */
export type Severity = "info" | "caution" | "misleading";

/** Most severe first: the order notices are shown in. */
export const SEVERITIES: readonly Severity[] = ["misleading", "caution", "info"];

/** The word each level is shown with (besides its colour and icon), so colour is never the only cue. */
export const SEVERITY_WORDS: Record<Severity, { word: string; icon: string }> = {
  misleading: { word: "May mislead", icon: "⚠" },
  caution: { word: "Worth knowing", icon: "!" },
  info: { word: "Note", icon: "i" },
};

interface Level {
  severity: Severity;
  /** Why this notice has this level (read by people changing it; not shown). */
  why: string;
}

/** Every notice the analytics pages, the budget page and the session page show, with its level. */
export const NOTICE_LEVELS = {
  // The selection above every analytics page (src/domain/analytics/selection.ts, sessionStanding.ts).
  duplicateRuns: {
    severity: "misleading",
    why: "the same runs are counted twice, so every count, rate and median weighs them double",
  },
  unbalanced: {
    severity: "misleading",
    why: "configs ran different tasks or repeats, so a difference between configs mixes in different work",
  },
  unevenRepeats: {
    severity: "caution",
    why: "every config ran each task equally often, but tasks ran different repeats (an adaptive session): pooled rates weigh tasks by their runs, the task-level comparison does not",
  },
  mixedModels: {
    severity: "misleading",
    why: "pass rates and timings of two models are pooled into one figure per config",
  },
  mixedBuilds: {
    severity: "misleading",
    why: "app builds can differ in speed, and every timing figure pools them",
  },
  mixedCharging: {
    severity: "caution",
    why: "charging changes a phone's speed; the latency page splits by it, the other figures blend it",
  },
  pooledSessions: {
    severity: "info",
    why: "sessions ticked on purpose; what they differ in (model, build, copies) has its own notice",
  },
  mixedDevices: {
    severity: "info",
    why: "a multi-phone session spreads every config over its phones, so configs stay comparable",
  },
  unknownSession: {
    severity: "caution",
    why: "a session asked for is not read; the figures are right for the sessions that are",
  },
  sessionCancelled: {
    severity: "caution",
    why: "coverage may be uneven; when it really is, the unbalanced notice says so in red",
  },
  sessionRunning: {
    severity: "caution",
    why: "figures will still change as runs arrive",
  },
  sessionFailed: {
    severity: "caution",
    why: "failed jobs leave gaps; when they unbalance configs, the unbalanced notice says so in red",
  },
  oneRepeat: {
    severity: "caution",
    why: "a task's result rests on one run: noisy, but not wrong",
  },
  trialSession: {
    severity: "info",
    why: "a trial named or included on purpose: a dry run, read as such",
  },
  passedOver: {
    severity: "info",
    why: "context: a newer cancelled session left out of the default",
  },
  hiddenRuns: {
    severity: "caution",
    why: "explains an empty page: the selected runs are left out by a switch the reader can turn on",
  },
  // The latency page and the session page.
  hotPhone: {
    severity: "caution",
    why: "a phone slowed down over its session; its own later runs read slower, the comparison is interleaved",
  },
  deviceMismatch: {
    severity: "caution",
    why: "the runs count, but which phone ran some of them is in doubt (a result named another device than its poll)",
  },
  mixedStates: {
    severity: "caution",
    why: "thermal and charging states blend into latency figures; the split by state is on the same page",
  },
  // The compare page's two sides (src/domain/analytics/compare.ts).
  sidesSessions: {
    severity: "caution",
    why: "session-to-session variation adds to the difference, which still compares the configs",
  },
  sidesBuilds: {
    severity: "misleading",
    why: "the difference between the sides is partly a difference between builds",
  },
  sidesDevices: {
    severity: "misleading",
    why: "the difference between the sides is partly a difference between phones",
  },
  sidesCharging: {
    severity: "caution",
    why: "charging changes timings; pass rates are unaffected",
  },
  // The steps page.
  stepsMissing: {
    severity: "caution",
    why: "a step asked for is left out; the steps shown are right",
  },
  // The budget page.
  tokenEstimate: {
    severity: "misleading",
    why: "without the tokenizer, counted tokens (and the loads predicted from them) are characters ÷ 4",
  },
  // The session page.
  importedSession: {
    severity: "info",
    why: "context: an imported session has runs but no jobs or traces",
  },
  pinnedRevoked: {
    severity: "caution",
    why: "the session cannot progress until a phone is pinned again; no figure is wrong",
  },
} as const satisfies Record<string, Level>;

export type NoticeKind = keyof typeof NOTICE_LEVELS;

/** One notice: what it is about, how much it matters, and its sentence. */
export interface Notice {
  kind: NoticeKind;
  severity: Severity;
  text: string;
}

export const severityOf = (kind: NoticeKind): Severity => NOTICE_LEVELS[kind].severity;

export const notice = (kind: NoticeKind, text: string): Notice => ({ kind, severity: severityOf(kind), text });

const rank = (s: Severity) => SEVERITIES.indexOf(s);

/** The most severe of several kinds (a sentence naming several things takes the worst); the first on a tie. */
export function severestKind(kinds: readonly NoticeKind[]): NoticeKind {
  if (!kinds.length) throw new Error("severestKind needs a kind");
  return kinds.reduce((a, b) => (rank(severityOf(b)) < rank(severityOf(a)) ? b : a));
}

/** Most severe first; notices of one level keep the order given (most harmful first within it). */
export function bySeverity<T extends { severity: Severity }>(notices: readonly T[]): T[] {
  return notices
    .map((n, i) => ({ n, i }))
    .sort((a, b) => rank(a.n.severity) - rank(b.n.severity) || a.i - b.i)
    .map(({ n }) => n);
}

/**
 * What a notice list shows: every `misleading` and `caution` notice, most severe first, and the
 * `info` notes: one is shown as it is, two or more fold into one line ("3 notes") that opens.
 */
export function noticeGroups<T extends { severity: Severity }>(
  notices: readonly T[],
): { shown: T[]; notes: T[]; notesLabel: string | null } {
  const sorted = bySeverity(notices);
  const infos = sorted.filter((n) => n.severity === "info");
  if (infos.length < 2) return { shown: sorted, notes: [], notesLabel: null };
  return { shown: sorted.filter((n) => n.severity !== "info"), notes: infos, notesLabel: `${infos.length} notes` };
}
