import "server-only";
import { z } from "zod";
import type { Ctx } from "../context";
import { dialectOf } from "../store/dialect";
import { flagOrNull, int } from "../store/columns";
import {
  hiddenRunsOffer,
  selectionHeadline,
  selectionMixNotices,
  type DuplicateFacts,
  type FlagsToSet,
  type HiddenRuns,
  type SelectionMode,
  type SessionFacts,
} from "@/domain/analytics/selection";
import { bySeverity, notice, type Notice } from "@/domain/analytics/notices";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import { balanceLine, selectionStanding } from "@/domain/analytics/sessionStanding";
import { FROM_FACTS, FROM_RUNS, factsWhere, runsWhere } from "./where";
import type { Selection } from "./resolveSelection";
import { newestCompleteSession, sessionStandings } from "./sessionStandings";
import { resolveSelection } from "./resolveSelection";
import { deviceMismatchNotice, phoneLabel } from "@/domain/fleet";
import { deviceNames } from "../devices/deviceNames";

const GroupRow = z.object({
  id: z.string(),
  name: z.string(),
  model: z.string(),
  device: z.string(),
  token: z.string().nullable(),
  build: z.string(),
  charging: flagOrNull,
  n: int,
});
const DuplicateRow = z.object({ of: z.string(), copy: z.string(), runs: int });
const CellRow = z.object({ configId: z.string(), taskId: z.string(), runs: int, mismatched: int });

export interface SelectionView {
  mode: SelectionMode;
  sessions: (SessionFacts & { phones: string[] })[];
  unknown: string[];
  duplicates: DuplicateFacts[];
  headline: string;
  unknownLine: string | null;
  warnings: string[];
  /** One sentence per selected session that is not complete (cancelled, running, failed jobs, trial, one repeat), and a newer cancelled one the default passed over. */
  standing: string[];
  /** The newest complete session, offered when a standing line is shown and it is not selected. */
  offer: { id: string; name: string } | null;
  /** Said when the selection's configs did not run the same tasks equally often; null otherwise. */
  balance: string | null;
  /** When 0 runs are read because the sessions are trials (or the runs superseded): why, and the switches to turn on. */
  hidden: { text: string; set: FlagsToSet } | null;
  /** Every notice above (mixes, standing, balance, unknown ids, hidden runs) with its level, most severe first. */
  notices: Notice[];
}

/**
 * `GET /api/analytics/selection`: which sessions a view reads and what they mix (models, devices,
 * builds, charging states, runs present twice), from the selected runs themselves. A run present
 * twice is one with the same task, config, repeat, attempt, device and start time in two
 * sessions: a re-import keeps all of those (its run ids may change when taken).
 */
export async function describeSelection(ctx: Ctx, selection: Selection): Promise<SelectionView> {
  const w = runsWhere(selection.filter);
  const { sql } = ctx.store;
  const d = dialectOf(sql);
  const groups = await sql.all(
    GroupRow,
    `SELECT r.session_id AS "id", MAX(s.name) AS "name", r.model AS "model", r.device_id AS "device",
            r.token_device_id AS "token", r.build_commit AS "build", r.charging AS "charging", COUNT(*) AS "n"
       FROM ${FROM_RUNS} WHERE ${w.sql}
      GROUP BY r.session_id, r.model, r.device_id, r.token_device_id, r.build_commit, r.charging
      ORDER BY MAX(s.created_at) DESC, ${d.collateC("r.session_id")} DESC, ${d.collateC("r.model")}, ${d.collateC("r.device_id")},
               ${d.collateC("r.build_commit")}, r.charging NULLS FIRST`,
    w.params,
  );
  const byId = new Map<string, SessionFacts & { phones: string[] }>();
  const add = <T>(xs: T[], x: T) => (xs.includes(x) ? xs : xs.push(x));
  const tokens = await deviceNames(sql);
  for (const g of groups) {
    const s = byId.get(g.id) ?? {
      id: g.id,
      name: g.name,
      runs: 0,
      models: [],
      devices: [],
      phones: [],
      builds: [],
      charging: [],
    };
    byId.set(g.id, s);
    s.runs += g.n;
    add(s.models, g.model);
    add(s.devices, g.device);
    // Issue 34.2: a phone is its token (named as the researcher named it) with the id it reported.
    add(s.phones, phoneLabel(g.token === null ? null : (tokens.get(g.token) ?? null), g.device));
    add(s.builds, g.build);
    add(s.charging, g.charging);
  }
  // A chosen session without matching runs is still listed (with 0 runs) so the reader sees it.
  if (selection.mode === "chosen") {
    const missing = selection.filter.sessions.filter((id) => !byId.has(id) && !selection.unknown.includes(id));
    if (missing.length) {
      const rows = await sql.all(
        z.object({ id: z.string(), name: z.string() }),
        `SELECT id AS "id", name AS "name" FROM sessions WHERE id IN (${missing.map(() => "?").join(", ")}) ORDER BY ${d.collateC("id")}`,
        missing,
      );
      for (const r of rows)
        byId.set(r.id, { ...r, runs: 0, models: [], devices: [], phones: [], builds: [], charging: [] });
    }
  }
  const sessions = [...byId.values()];
  const duplicates = sessions.length > 1 ? await duplicateRuns(ctx, selection) : [];
  const { headline, unknown } = selectionHeadline(selection.mode, sessions, selection.unknown);
  // Pooling every session is a choice made on purpose: their standing is not listed one by one.
  const pooled = selection.mode === "all";
  const [selected, passedOver, cells] = await Promise.all([
    pooled
      ? []
      : sessionStandings(
          ctx,
          sessions.map((s) => s.id),
        ),
    sessionStandings(ctx, selection.passedOver),
    // The balance of tasks and repeats per config: on the analytics' door, as the figures it qualifies.
    ctx.store.facts().then((facts) => {
      const f = factsWhere(selection.filter);
      return facts.all(
        CellRow,
        `SELECT r.config_id AS "configId", r.task_id AS "taskId", COUNT(*) AS "runs",
                SUM(${dialectOf(facts).oneIf("r.device_mismatch")}) AS "mismatched" FROM ${FROM_FACTS} WHERE ${f.sql}
          GROUP BY r.config_id, r.task_id
          ORDER BY ${dialectOf(facts).collateC("r.config_id")}, ${dialectOf(facts).collateC("r.task_id")}`,
        f.params,
      );
    }),
  ]);
  // The newest complete session is looked up only when there is something to offer it against.
  const needsOffer = selectionStanding(selected, passedOver, null).lines.length > 0;
  const complete = needsOffer ? await newestCompleteSession(ctx, selection.requested) : null;
  const standing = selectionStanding(selected, passedOver, complete);
  const mixes = selectionMixNotices(sessions, duplicates);
  const balance = balanceLine(cells);
  const mismatch = deviceMismatchNotice(cells.reduce((n, c) => n + c.mismatched, 0));
  const runs = sessions.reduce((n, s) => n + s.runs, 0);
  const hidden =
    runs === 0 && !selection.unknown.length
      ? hiddenRunsOffer({
          runs,
          includeTrial: selection.requested.includeTrial,
          includeSuperseded: selection.requested.includeSuperseded,
          trialSessions: selected.filter((s) => s.trial).map((s) => s.name),
          hidden: await hiddenRuns(ctx, selection),
        })
      : null;
  // Within a level, the most harmful first: copies, imbalance, then what is pooled, then standing.
  const notices = bySeverity([
    ...mixes.filter((n) => n.kind === "duplicateRuns"),
    ...(balance ? [notice(balance.kind, balance.text)] : []),
    ...mixes.filter((n) => n.kind !== "duplicateRuns"),
    ...(mismatch ? [notice("deviceMismatch", mismatch)] : []),
    ...standing.notices,
    ...(unknown ? [notice("unknownSession", unknown)] : []),
    ...(hidden ? [notice("hiddenRuns", hidden.text)] : []),
  ]);
  return {
    mode: selection.mode,
    sessions,
    unknown: selection.unknown,
    duplicates,
    headline,
    unknownLine: unknown,
    warnings: [...mixes.map((n) => n.text), ...(mismatch ? [mismatch] : [])],
    standing: standing.lines,
    offer: standing.offer,
    balance: balance?.text ?? null,
    hidden,
    notices,
  };
}

/**
 * Runs the selection would read with "include trial runs", "include superseded" or both turned
 * on (asked only when it reads none): each switched filter is resolved as the pages resolve it
 * (with none named, the default may then find a trial session), then its runs are counted.
 */
async function hiddenRuns(ctx: Ctx, selection: Selection): Promise<HiddenRuns> {
  const { requested } = selection;
  const count = async (set: Partial<AnalyticsFilter>, needed: boolean): Promise<number> => {
    if (!needed) return 0;
    const resolved = await resolveSelection(ctx, { ...requested, ...set });
    // A default that finds no session reads nothing (an empty list would count every session).
    if (resolved.mode === "default" && !resolved.filter.sessions.length) return 0;
    const w = runsWhere(resolved.filter);
    const row = await ctx.store.sql.get(
      z.object({ n: int }),
      `SELECT COUNT(*) AS "n" FROM ${FROM_RUNS} WHERE ${w.sql}`,
      w.params,
    );
    return row?.n ?? 0;
  };
  const [trial, superseded, both] = await Promise.all([
    count({ includeTrial: true }, !requested.includeTrial),
    count({ includeSuperseded: true }, !requested.includeSuperseded),
    count({ includeTrial: true, includeSuperseded: true }, !requested.includeTrial && !requested.includeSuperseded),
  ]);
  return { trial, superseded, both };
}

/** Pairs of selected sessions holding the same runs; the newer session is the copy. */
async function duplicateRuns(ctx: Ctx, selection: Selection): Promise<DuplicateFacts[]> {
  const w = runsWhere(selection.filter);
  const { sql } = ctx.store;
  const d = dialectOf(sql);
  return sql.all(
    DuplicateRow,
    `WITH f AS MATERIALIZED (
       SELECT r.session_id AS s, s.created_at AS at, r.task_id AS t, r.config_id AS c, r.repeat AS k, r.attempt AS n,
              r.device_id AS d, r.started_at AS st
         FROM ${FROM_RUNS} WHERE ${w.sql})
     SELECT x.s AS "of", y.s AS "copy", COUNT(*) AS "runs"
       FROM f x JOIN f y ON x.st = y.st AND x.t = y.t AND x.c = y.c AND x.k = y.k AND x.n = y.n AND x.d = y.d
            AND (x.at < y.at OR (x.at = y.at AND ${d.collateC("x.s")} < ${d.collateC("y.s")}))
      GROUP BY x.s, y.s ORDER BY COUNT(*) DESC, ${d.collateC("x.s")}, ${d.collateC("y.s")}`,
    w.params,
  );
}
