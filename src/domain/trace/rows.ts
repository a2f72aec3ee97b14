import type { ContextEventKind, ToolCall, Trace, Workspace } from "../protocol";
import type { Milestone } from "../suite/schema";
import { applyChanges, callKey, evaluateCheck } from "../scoring";
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
}

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
 * Milestone labels by the 0-based call that first reached them, from the score's own trajectory:
 * `progress[i]` counts the milestones reached by call i (the scoring worker judged them under its
 * time limit), so milestones are judged here only at the calls where that count rose, at most
 * milestones² checks in all, never after every call (a glob milestone judged after each of 1,000
 * calls writing a matching file held the server's thread for 15–28 s; issue 32). The reply is
 * empty mid-run and a milestone once reached stays reached, as scoring's `progress()`. Null when
 * the score has no trajectory (unscorable or imported): the labels are not replayed.
 */
export function milestonesAtCalls(
  milestones: readonly Milestone[],
  seed: Workspace,
  calls: readonly ToolCall[],
  progress: readonly number[],
  states: readonly Workspace[] = applyChanges(seed, calls),
): string[][] | null {
  if (!progress.length && calls.length) return null;
  const reached = new Set<number>();
  return calls.map((_, i) => {
    const rose = (progress[i] ?? 0) > (i ? (progress[i - 1] ?? 0) : 0);
    if (!rose) return [];
    const labels: string[] = [];
    const state = { workspace: states[i], seed, reply: "", calls: calls.slice(0, i + 1) };
    milestones.forEach((m, j) => {
      if (!reached.has(j) && evaluateCheck(m.check, state, m.id).passed) {
        reached.add(j);
        labels.push(m.label);
      }
    });
    return labels;
  });
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
  milestones: readonly Milestone[];
}): TurnRow[] {
  const calls = opts.turns.flatMap((t) => t.toolCalls ?? []);
  const rows = callRows(calls, opts);
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

/** Call rows with loop flags, per-call workspace deltas and milestones. */
export function callRows(
  calls: readonly CallLike[],
  opts: { progress: readonly number[]; seed: Workspace | null; milestones: readonly Milestone[] },
): CallRow[] {
  const full = calls.map((c) => ({ ...c, result: c.result, ms: c.ms ?? undefined, changes: c.changes })) as ToolCall[];
  const repeats = repeatsOf(full);
  const states = opts.seed ? applyChanges(opts.seed, full) : [];
  const labels =
    opts.seed && opts.milestones.length
      ? (milestonesAtCalls(opts.milestones, opts.seed, full, opts.progress, states) ?? [])
      : [];
  return calls.map((c, i) => ({
    n: i + 1,
    name: c.name,
    args: c.args,
    ok: c.ok,
    result: c.result ?? null,
    ms: c.ms ?? null,
    repeatOf: repeats[i],
    deltas: opts.seed && c.changes?.length ? callDeltas(i === 0 ? opts.seed : states[i - 1], c.changes) : [],
    progress: opts.progress[i] ?? null,
    reached: labels[i] ?? [],
  }));
}
