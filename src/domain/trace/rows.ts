import type { ContextEventKind, ToolCall, Trace, Workspace } from "../protocol";
import type { Milestone } from "../suite/schema";
import { callKey, fromFileMap, toFileMap } from "../scoring";
import { contextFraction, tokensPerSecond } from "./speed";
import { callDeltas, type FileDelta } from "./workspace";

/** Only what the viewer reads of a call; an imported run has no result or changes. */
export type CallLike = Pick<ToolCall, "name" | "args" | "ok"> & {
  result?: string;
  ms?: number | null;
  changes?: ToolCall["changes"];
};
export type TurnLike = Pick<
  Trace["turns"][number],
  "promptTokens" | "contextTokens" | "ttftMs" | "outputTokens" | "decodeMs"
> & {
  text?: string;
  toolCalls?: CallLike[];
  contextEvents?: { kind: ContextEventKind; tokensBefore: number; tokensAfter: number }[];
};

export interface CallRow {
  /** 1-based over the whole run, as score.progress counts calls. */
  n: number;
  name: string;
  args: unknown;
  ok: boolean;
  result: string | null;
  ms: number | null;
  /** The first earlier call with the same callKey: this one repeats it (a loop). */
  repeatOf: number | null;
  deltas: FileDelta[];
  /** Milestones reached by this call (score.progress), null when the score has no entry. */
  progress: number | null;
  /** Labels of milestones first reached at this call. */
  reached: string[];
  /**
   * Listed by name only: past the page's budget of calls shown in full (`CALLS_IN_FULL`), so its
   * args, result and file changes are left out of the page (they are in the raw trace).
   */
  brief: boolean;
}

/** At most this many calls a page shows in full; a turn may carry 1,000 (issue 32). */
export const CALLS_IN_FULL = 100;
/** At most this many characters of one text (args, result, a file before or after) a page carries. */
export const CHARS_PER_TEXT = 2_000;
/**
 * At most this many characters of call texts a page carries in all: past it, further calls are
 * listed by name. Real runs never come near it (a 2,048-token window holds ~8,000 characters); the
 * worst trace the limits allow reached it after ~40 calls, a 1.6 MB page before.
 */
export const PAGE_TEXT_BUDGET = 250_000;

/** `text` cut to `max` characters with a note saying how much was left out and where it is. */
export function capText(text: string, max = CHARS_PER_TEXT): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}\n… ${(text.length - max).toLocaleString("en-US")} more characters: the whole text is in the raw trace (GET /api/runs/{id}).`;
}
const capArgs = (args: unknown, max = CHARS_PER_TEXT): unknown => {
  const text = typeof args === "string" ? args : (JSON.stringify(args, null, 2) ?? String(args));
  return text.length <= max ? args : capText(text, max);
};
const capDelta = (d: FileDelta): FileDelta => ({
  ...d,
  before: d.before === null ? null : capText(d.before),
  after: d.after === null ? null : capText(d.after),
});

export interface TurnRow {
  n: number;
  promptTokens: number;
  contextTokens: number;
  contextFraction: number | null;
  ttftMs: number;
  outputTokens: number;
  decodeMs: number;
  tokensPerSecond: number | null;
  contextEvents: { kind: ContextEventKind; tokensBefore: number; tokensAfter: number }[];
  text: string | null;
  calls: CallRow[];
}

/** For each call, the 1-based number of the first earlier call with the same callKey, else null. */
export function repeatsOf(calls: readonly Pick<ToolCall, "name" | "args">[]): (number | null)[] {
  const first = new Map<string, number>();
  return calls.map((c, i) => {
    const key = callKey(c);
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, i + 1);
    return earlier ?? null;
  });
}

/**
 * Milestone labels by the 0-based call that first reached them, read from the score's
 * `milestoneCalls` (the scoring worker judged the milestones under its time limit and kept which
 * call reached each). Nothing is judged here: replaying a glob milestone after each of 1,000 calls
 * held the server's thread for 15–28 s (issue 32). A label whose call lies past `callCount`, or a
 * score without the field (imported, unscorable, or scored before it existed), labels nothing.
 */
export function milestoneLabels(
  milestones: readonly Pick<Milestone, "label">[],
  milestoneCalls: readonly (number | null)[] | null,
  callCount: number,
): string[][] {
  const labels: string[][] = Array.from({ length: callCount }, () => []);
  if (!milestoneCalls) return labels;
  milestones.forEach((m, j) => {
    const k = milestoneCalls[j];
    if (typeof k === "number" && k >= 1 && k <= callCount) labels[k - 1].push(m.label);
  });
  return labels;
}

/**
 * Turns as the timeline shows them. `calls` are the run's calls in order; for a full trace they
 * are the turns' calls, for an imported run (no texts, calls not tied to turns) they come apart
 * and the turns carry none. `seed` and `milestones` are null when the task version is unknown.
 */
export function turnRows(opts: {
  turns: readonly TurnLike[];
  contextWindow: number | null;
  progress: readonly number[];
  seed: Workspace | null;
  milestones: readonly Pick<Milestone, "label">[];
  /** The score's `milestoneCalls`: which call first reached each milestone; null when not stored. */
  milestoneCalls: readonly (number | null)[] | null;
  /** 0-based index of the first turn shown in full: its calls start the page's budget. */
  fullFrom?: number;
}): TurnRow[] {
  const calls = opts.turns.flatMap((t) => t.toolCalls ?? []);
  const before = opts.turns.slice(0, opts.fullFrom ?? 0).reduce((n, t) => n + (t.toolCalls?.length ?? 0), 0);
  const rows = callRows(calls, opts, { from: before, count: CALLS_IN_FULL });
  let next = 0;
  return opts.turns.map((t, i) => ({
    n: i + 1,
    promptTokens: t.promptTokens,
    contextTokens: t.contextTokens,
    contextFraction: contextFraction(t.contextTokens, opts.contextWindow),
    ttftMs: t.ttftMs,
    outputTokens: t.outputTokens,
    decodeMs: t.decodeMs,
    tokensPerSecond: tokensPerSecond(t.outputTokens, t.decodeMs),
    contextEvents: t.contextEvents ?? [],
    text: t.text ?? null,
    calls: rows.slice(next, (next += t.toolCalls?.length ?? 0)),
  }));
}

/**
 * Call rows with loop flags, per-call workspace deltas and milestones. Only calls among the
 * `budget.count` from 0-based `budget.from`, and only until `PAGE_TEXT_BUDGET` characters of their
 * texts are spent, are in full (args, result and deltas, each text capped at `CHARS_PER_TEXT`); the
 * others are `brief`, so a page's size and build time are bounded by calls and bytes, not only by
 * turns.
 */
export function callRows(
  calls: readonly CallLike[],
  opts: {
    progress: readonly number[];
    seed: Workspace | null;
    milestones: readonly Pick<Milestone, "label">[];
    milestoneCalls: readonly (number | null)[] | null;
  },
  budget: { from: number; count: number } = { from: 0, count: CALLS_IN_FULL },
): CallRow[] {
  const full = calls.map((c) => ({ ...c, result: c.result, ms: c.ms ?? undefined, changes: c.changes })) as ToolCall[];
  const repeats = repeatsOf(full);
  const inWindow = (i: number) => i >= budget.from && i < budget.from + budget.count;
  // Calls in full: inside the window, until the page's text budget is spent.
  const shownInFull = new Array<boolean>(calls.length).fill(false);
  let spent = 0;
  const argsOf = calls.map((c, i) => (inWindow(i) ? capArgs(c.args) : null));
  const textOf = (v: unknown) => (typeof v === "string" ? v.length : (JSON.stringify(v)?.length ?? 0));
  // One pass over the calls with one mutable file map: deltas only for the calls in full (a copy
  // of the workspace per call was 150 ms at 1,000).
  const deltas: FileDelta[][] = calls.map(() => []);
  if (opts.seed) {
    const files = toFileMap(opts.seed);
    full.forEach((c, i) => {
      shownInFull[i] = inWindow(i) && spent < PAGE_TEXT_BUDGET;
      if (shownInFull[i]) spent += textOf(argsOf[i]) + Math.min(c.result?.length ?? 0, CHARS_PER_TEXT);
      if (c.changes?.length) {
        if (shownInFull[i]) {
          deltas[i] = callDeltas(fromFileMap(files), c.changes).map(capDelta);
          for (const d of deltas[i]) spent += (d.before?.length ?? 0) + (d.after?.length ?? 0);
        }
        for (const change of c.changes) {
          files.delete(change.path);
          if (!("deleted" in change)) files.set(change.path, change.content);
        }
      }
    });
  } else {
    calls.forEach((c, i) => {
      shownInFull[i] = inWindow(i) && spent < PAGE_TEXT_BUDGET;
      if (shownInFull[i]) spent += textOf(argsOf[i]) + Math.min(c.result?.length ?? 0, CHARS_PER_TEXT);
    });
  }
  const labels = milestoneLabels(opts.milestones, opts.milestoneCalls, calls.length);
  return calls.map((c, i) => {
    const brief = !shownInFull[i];
    return {
      n: i + 1,
      name: c.name,
      args: brief ? null : argsOf[i],
      ok: c.ok,
      result: brief || c.result === undefined ? null : capText(c.result),
      ms: c.ms ?? null,
      repeatOf: repeats[i],
      deltas: deltas[i],
      progress: opts.progress[i] ?? null,
      reached: labels[i] ?? [],
      brief,
    };
  });
}

/** Consecutive calls listed by name only, with the same tool and outcome: one line on the page. */
export interface BriefGroup {
  from: number;
  to: number;
  name: string;
  ok: boolean;
  /** Milestones first reached within the group. */
  reached: string[];
}

/**
 * A turn's calls as the page draws them: each call in full, or runs of brief calls with the same
 * tool and outcome folded into one line ("#101–#1,000 bash ok × 900"), so 900 brief calls cost
 * one element, not 900.
 */
export function foldBrief(calls: readonly CallRow[]): (CallRow | BriefGroup)[] {
  const out: (CallRow | BriefGroup)[] = [];
  for (const c of calls) {
    const last = out[out.length - 1];
    if (!c.brief) out.push(c);
    else if (last && "from" in last && last.name === c.name && last.ok === c.ok && last.to === c.n - 1) {
      last.to = c.n;
      last.reached.push(...c.reached);
    } else out.push({ from: c.n, to: c.n, name: c.name, ok: c.ok, reached: [...c.reached] });
  }
  return out;
}
