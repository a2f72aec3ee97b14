import { stableJson } from "../scoring/stable-json";
import type { TurnLike } from "./rows";

/** A run of consecutive identical turns, 1-based and inclusive: turn `from` is shown, the rest fold. */
export interface IdenticalRun {
  from: number;
  to: number;
  /** Turns in the run, `from` included: the "×12" of "×12, identical". */
  count: number;
}

/** Fewer identical turns in a row than this stay apart: two is a retry a reader takes in at a glance, three is a loop. */
export const MIN_IDENTICAL_RUN = 3;

/**
 * What makes two turns the same for a reader: the model's text and every tool call's name,
 * arguments (key order ignored), success, result and workspace changes. Timings and token
 * counts are left out: they always differ (the context grows each turn) and say nothing of a loop.
 */
export function turnIdentity(t: Pick<TurnLike, "text" | "toolCalls">): string {
  return stableJson({
    text: t.text ?? null,
    calls: (t.toolCalls ?? []).map((c) => ({
      name: c.name,
      args: c.args,
      ok: c.ok,
      result: c.result ?? null,
      changes: c.changes ?? null,
    })),
  });
}

/**
 * The runs of at least `min` consecutive identical turns (see {@link turnIdentity}), in order.
 * The trace viewer shows each run's first turn in full and folds the others behind
 * "×12, identical" with a way to open them, so a model stuck repeating itself costs one screen.
 */
export function identicalRuns(turns: readonly Pick<TurnLike, "text" | "toolCalls">[], min = MIN_IDENTICAL_RUN) {
  const out: IdenticalRun[] = [];
  let start = 0;
  let key = turns.length ? turnIdentity(turns[0]) : "";
  for (let i = 1; i <= turns.length; i++) {
    const next = i < turns.length ? turnIdentity(turns[i]) : null;
    if (next === key) continue;
    if (i - start >= min) out.push({ from: start + 1, to: i, count: i - start });
    start = i;
    key = next ?? "";
  }
  return out;
}

/** One entry of the timeline: a turn on its own, or the folded rest of an identical run. */
export type TimelineItem =
  { kind: "turn"; n: number; run: IdenticalRun | null } | { kind: "fold"; run: IdenticalRun; turns: number[] };

/**
 * Turns 1..count in order with each identical run's turns after its first gathered into one fold.
 * The first turn of a run carries the run, so its card can say "×12, identical" where it starts.
 */
export function timelineItems(count: number, runs: readonly IdenticalRun[]): TimelineItem[] {
  const items: TimelineItem[] = [];
  let r = 0;
  for (let n = 1; n <= count; n++) {
    while (r < runs.length && runs[r].to < n) r++;
    const run = runs[r] && runs[r].from <= n ? runs[r] : null;
    if (run && n === run.from) items.push({ kind: "turn", n, run });
    else if (run) {
      items.push({ kind: "fold", run, turns: Array.from({ length: run.to - n + 1 }, (_, i) => n + i) });
      n = run.to;
    } else items.push({ kind: "turn", n, run: null });
  }
  return items;
}

/** "×12, identical: turns 6–16 repeat turn 5 exactly (same text and tool calls)". */
export function foldLabel(run: IdenticalRun): string {
  const rest = run.count - 1;
  const which = rest === 1 ? `turn ${run.to} repeats` : `turns ${run.from + 1}–${run.to} repeat`;
  return `×${run.count}, identical: ${which} turn ${run.from} exactly (same text and tool calls)`;
}
