import { duration, integer } from "../stats/format";
import type { TurnLike } from "./rows";

/** A run of turns shown in full on one view of the trace viewer; 1-based, inclusive. */
export interface TurnPage {
  page: number;
  from: number;
  to: number;
}

export interface TurnWindow {
  pages: TurnPage[];
  /** The page shown in full, or null when every turn is (short runs, or `?turns=all`). */
  current: TurnPage | null;
}

/** Up to this many turns, a run shows every turn in full: paging would only get in the way. */
export const ALL_TURNS_UP_TO = 40;
export const TURNS_PER_PAGE = 25;

/**
 * Which turns to show in full: all of a short run; of a long one, the requested page (`?turns=N`,
 * default 1; anything unreadable or past the end is page 1), or all with `?turns=all`. The other
 * turns show as one line each, so a 200-turn trace opens with a screenful, not 2 MB of HTML.
 */
export function turnWindow(
  count: number,
  requested: string | undefined,
  size = TURNS_PER_PAGE,
  allUpTo = ALL_TURNS_UP_TO,
): TurnWindow {
  if (count <= allUpTo) return { pages: [], current: null };
  const pages: TurnPage[] = [];
  for (let from = 1, page = 1; from <= count; from += size, page++)
    pages.push({ page, from, to: Math.min(from + size - 1, count) });
  if (requested === "all") return { pages, current: null };
  const n = Number(requested);
  return { pages, current: pages[Number.isInteger(n) && n >= 1 && n <= pages.length ? n - 1 : 0] };
}

/** Whether turn `n` is shown in full in this window. */
export function showsInFull(w: TurnWindow, n: number): boolean {
  return w.current === null || (n >= w.current.from && n <= w.current.to);
}

/** The page that shows turn `n` in full. */
export function pageOf(w: TurnWindow, n: number): number {
  return w.pages.find((p) => n >= p.from && n <= p.to)?.page ?? 1;
}

/** What the one-line form of a turn shows. */
export interface TurnHead {
  n: number;
  promptTokens: number;
  ttftMs: number;
  outputTokens: number;
  calls: readonly { name: string; ok: boolean }[];
}

/** The one-line form of the turns from 0-based index `from` on, numbered from 1 over the whole run. */
export function turnHeads(turns: readonly TurnLike[], from: number): TurnHead[] {
  return turns.slice(from).map((t, i) => ({
    n: from + i + 1,
    promptTokens: t.promptTokens,
    ttftMs: t.ttftMs,
    outputTokens: t.outputTokens,
    calls: (t.toolCalls ?? []).map((c) => ({ name: c.name, ok: c.ok })),
  }));
}

/** One line for a turn not shown in full: "prompt 89 tok · TTFT 428 ms · out 63 tok · read_file, edit_file (1 failed)". */
export function turnSummary(t: Omit<TurnHead, "n">): string {
  const failed = t.calls.filter((c) => !c.ok).length;
  const calls =
    t.calls.length === 0
      ? "no tool calls"
      : `${t.calls.map((c) => c.name).join(", ")}${failed ? ` (${failed} failed)` : ""}`;
  return `prompt ${integer(t.promptTokens)} tok · TTFT ${duration(t.ttftMs)} · out ${integer(t.outputTokens)} tok · ${calls}`;
}
