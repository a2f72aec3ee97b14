import "server-only";
import type { Ctx } from "../context";
import {
  callRows,
  endMarker,
  identicalRuns,
  readTrace,
  timelineItems,
  turnHeads,
  turnRows,
  turnWindow,
} from "@/domain/trace";
import { getRun } from "./getRun";

/**
 * The run page's view model: the run, its trace read and shaped into turn rows, read in one
 * snapshot. `turns` is the `?turns=` page asked for. A long run shows one page of turns in full
 * and the rest as one line each (a 200-turn trace all in full is ~1.8 MB of HTML and RSC payload,
 * about 2 s to interactive), so rows (replayed workspace, diffs, milestones) are built only up to
 * the last turn shown in full: they depend on earlier calls only, so the prefix gives the same rows.
 * Within the page at most CALLS_IN_FULL calls are in full and each text is capped (issue 32: one
 * turn may carry 1,000 calls); milestone labels come from the score (which call reached each, judged
 * by the scoring worker), never from the suite's patterns run here.
 */
export async function getRunView(ctx: Ctx, id: string, turns?: string) {
  return runView(await readRun(ctx, id), turns);
}

/** The run and its trace, read in one snapshot: what `runView` shapes. */
export async function readRun(ctx: Ctx, id: string) {
  return ctx.store.sql.snapshot((sql) => getRun(ctx, id, sql));
}

export type RunView = ReturnType<typeof runView>;

/**
 * Shapes a run read by `readRun` into the run page's view model (see getRunView). `alignTo` pages
 * the turns as if the run had at least that many (the side-by-side view pages two runs alike, so
 * turn n of one stands beside turn n of the other in the same form); turns past the run's own end
 * are simply absent.
 */
export function runView(data: Awaited<ReturnType<typeof readRun>>, turns?: string, alignTo = 0) {
  const read = readTrace(data.trace);
  const seed = data.task?.workspace ?? null;
  const milestones = data.task?.milestones ?? [];
  const milestonesTotal = typeof data.run.milestonesTotal === "number" ? data.run.milestonesTotal : milestones.length;
  const contextWindow = typeof data.run.contextWindow === "number" ? data.run.contextWindow : null;
  const progress = data.score.progress;
  const milestoneCalls = data.score.milestoneCalls;
  const raw = read.kind === "full" ? read.trace.turns : read.kind === "imported" ? read.turns : [];
  const shown = turnWindow(Math.max(raw.length, alignTo), turns);
  const upTo = Math.min(shown.current?.to ?? raw.length, raw.length);
  const fullFrom = (shown.current?.from ?? 1) - 1;
  const rows =
    read.kind === "full"
      ? turnRows({ turns: raw.slice(0, upTo), contextWindow, progress, seed, milestones, milestoneCalls, fullFrom })
      : read.kind === "imported"
        ? turnRows({
            turns: raw.slice(0, upTo),
            contextWindow,
            progress: [],
            seed: null,
            milestones: [],
            milestoneCalls: null,
            fullFrom,
          })
        : [];
  // A scored full trace whose score predates milestoneCalls: the labels are not replayed here (issue 32).
  const labelsNotStored =
    read.kind === "full" && milestones.length > 0 && milestoneCalls === null && data.score.unscorable === null;
  // Issue 32: a page shows at most CALLS_IN_FULL calls in full; it says how many it listed by name.
  const shownCalls = rows.slice(fullFrom).flatMap((t) => t.calls);
  const callsInFull = shownCalls.filter((c) => !c.brief).length;
  const listedByName = shownCalls.length - callsInFull;
  // An import keeps calls apart from turns: they are shown as one list.
  const looseCalls =
    read.kind === "imported"
      ? callRows(read.calls, { progress, seed: null, milestones: [], milestoneCalls: null })
      : [];
  const callCount = raw.reduce((n, t) => n + (t.toolCalls?.length ?? 0), looseCalls.length);
  // Issue 16.4: identical looping turns fold, and a crash or timeout is marked where it happened.
  // An imported run has no texts or results, so its turns would all look alike: never folded.
  const identical = read.kind === "full" ? identicalRuns(raw) : [];
  const ending = read.kind === "full" ? endMarker(read.trace.end, raw.length) : null;
  return {
    data,
    read,
    seed,
    milestonesTotal,
    turnCount: raw.length,
    shown,
    turns: rows,
    lines: turnHeads(raw, upTo),
    looseCalls,
    callCount,
    listedByName,
    callsInFull,
    labelsNotStored,
    timeline: timelineItems(raw.length, identical),
    ending,
  };
}
