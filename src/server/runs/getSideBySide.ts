import "server-only";
import { z } from "zod";
import type { Ctx } from "../context";
import { ServiceError } from "../errors";
import { dialectOf } from "../store/dialect";
import { flag, int } from "../store/columns";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import { firstDivergence, pairRuns, type Divergence, type RunPair, type SideRun } from "@/domain/trace";
import { sidesSelection, type Side } from "../analytics/sides";
import { selectedFilter } from "../analytics/resolveSelection";
import { readRun, runView, type RunView } from "./getRunView";

/** Lets other requests (a phone's poll, /api/health) run between the view's steps. */
const letGo = () => new Promise<void>((resolve) => setImmediate(resolve));

const SideRow = z.object({ id: z.string(), sessionId: z.string(), repeat: int, ina: flag, inb: flag });
const NameRow = z.object({ id: z.string(), name: z.string() });

export interface SideBySideSide {
  /** The config this side compares (from the address, or the run's own when read by id). */
  config: string;
  session?: string;
  /** The run shown and the others this side has for the task and repeat, with their sessions' names. */
  candidates: (SideRun & { sessionName: string })[];
  view: RunView | null;
}

export type SideBySide = {
  task: string | null;
  /** The repeats either side has (the picker) and the one shown; empty and null when read by run ids. */
  repeats: number[];
  repeat: number | null;
  a: SideBySideSide;
  b: SideBySideSide;
  /** Turns of the longer run: the rows of the side-by-side. */
  turnCount: number;
  /**
   * Where the two runs' tool calls first differ (firstDivergence); null when a side has no run, or
   * a side's trace has no calls per turn (an imported run) or does not read (`unaligned` says which).
   */
  divergence: Divergence | null;
  unaligned: ("a" | "b")[];
};

export interface SideBySideQuery {
  /**
   * The comparison's filter as the address gives it (the Compare page's, its sessions made
   * explicit), resolved here as the Compare page resolves it, its sides, and the task.
   */
  filter?: AnalyticsFilter;
  a?: Side;
  b?: Side;
  task?: string;
  repeat?: number;
  /** A run id for a side: shown when it is one of that side's runs, or alone when no task is given. */
  aRun?: string;
  bRun?: string;
  /** The `?turns=` page, as on the run page. */
  turns?: string;
}

/**
 * The side-by-side view of two runs of one task: a's and b's trace, paged alike so turn n of each
 * stands beside the other, and where their tool calls first diverge. Either the Compare page's
 * selection and sides with a task and repeat (each side's non-superseded run of that task and
 * repeat, read from run_facts as the comparison reads them; several when the selection holds
 * several sessions, none when the side has no such run), or two run ids. Each run is read and shaped
 * as the run page reads it (`readRun`, `runView`: at most one page of turns and CALLS_IN_FULL calls
 * built); the divergence is one pass over both traces' calls, like the loop folding there.
 */
export async function getSideBySide(ctx: Ctx, q: SideBySideQuery): Promise<SideBySide> {
  let pair: RunPair | null = null;
  const names = new Map<string, string>();
  if (q.task && q.filter && q.a && q.b) {
    const filter = await selectedFilter(ctx, q.filter, [q.a.session, q.b.session]);
    const sel = sidesSelection({ ...filter, task: q.task }, q.a, q.b, 'r.id AS "id"');
    const sql = await ctx.store.facts();
    const d = dialectOf(sql);
    const rows = await sql.all(
      SideRow,
      `WITH ${sel.sql} SELECT "id", s AS "sessionId", k AS "repeat", ina, inb FROM sel
        ORDER BY ${d.collateC("s")} DESC, ${d.collateC('"id"')}`,
      sel.params,
    );
    const sameSessions = !q.a.session && !q.b.session ? true : q.a.session === q.b.session;
    pair = pairRuns(
      rows.map((r) => ({ id: r.id, sessionId: r.sessionId, repeat: r.repeat, inA: r.ina, inB: r.inb })),
      { repeat: q.repeat, sameSessions, chosen: { a: q.aRun, b: q.bRun } },
    );
    const sessions = [...new Set([...pair.a.candidates, ...pair.b.candidates].map((r) => r.sessionId))];
    if (sessions.length)
      for (const r of await ctx.store.sql.all(
        NameRow,
        `SELECT id AS "id", name AS "name" FROM sessions WHERE id IN (${sessions.map(() => "?").join(", ")})`,
        sessions,
      ))
        names.set(r.id, r.name);
  } else if (!q.aRun || !q.bRun) {
    throw new ServiceError(
      "invalid_request",
      "Name two runs (aRun and bRun), or a task with the two configs to compare (task, a and b).",
    );
  }

  const aId = pair ? pair.a.run?.id : q.aRun;
  const bId = pair ? pair.b.run?.id : q.bRun;
  // One run at a time, the event loop let go between the steps: each is one run page's work
  // (docs/security.md, the 200 ms bound), and two in one go would hold the thread twice as long.
  const aData = aId ? await readRun(ctx, aId) : null;
  await letGo();
  const bData = bId ? await readRun(ctx, bId) : null;
  await letGo();
  const turnsOf = (d: typeof aData) => {
    if (!d) return [];
    const t = d.trace as { turns?: unknown };
    return Array.isArray(t?.turns) ? t.turns : [];
  };
  const turnCount = Math.max(turnsOf(aData).length, turnsOf(bData).length);
  const aView = aData && runView(aData, q.turns, turnCount);
  await letGo();
  const bView = bData && runView(bData, q.turns, turnCount);
  await letGo();

  // Calls per turn exist only in a full trace: an imported run keeps its calls apart from its turns.
  const unaligned = (["a", "b"] as const).filter((s) => {
    const v = s === "a" ? aView : bView;
    return v !== null && v.read.kind !== "full";
  });
  const divergence =
    aView?.read.kind === "full" && bView?.read.kind === "full"
      ? firstDivergence(aView.read.trace.turns, bView.read.trace.turns)
      : null;

  const side = (s: "a" | "b", view: RunView | null): SideBySideSide => {
    const own = q[s];
    const config = own?.config ?? String(view?.data.run.configId ?? "");
    const candidates = (pair?.[s].candidates ?? []).map((r) => ({
      ...r,
      sessionName: names.get(r.sessionId) ?? r.sessionId,
    }));
    return { config, session: own?.session, candidates, view };
  };
  return {
    task: q.task ?? (aView ? String(aView.data.run.taskId) : null),
    repeats: pair?.repeats ?? [],
    repeat: pair?.repeat ?? null,
    a: side("a", aView),
    b: side("b", bView),
    turnCount,
    divergence,
    unaligned,
  };
}
