import "server-only";
import { z } from "zod";
import type { Ctx } from "../context";
import { dialectOf } from "../store/dialect";
import { flag, int } from "../store/columns";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import type { MethodsFacts } from "@/domain/report/methods";
import { filterPhrases } from "@/domain/analytics/filterWords";
import { configAnalytics } from "../analytics/configs";
import { FROM_RUNS, runsWhere } from "../analytics/where";

/** The facts the methods paragraph of a study report is written from, for one selection. */
const SessionRow = z.object({
  id: z.string(),
  name: z.string(),
  suiteId: z.string(),
  suiteVersion: int,
  repeats: int,
  trial: flag,
  cancelled: flag,
});
const ConfigValue = z.object({ c: z.string(), v: int });
const CountBy = z.object({ g: z.string(), n: int });
const Count = z.object({ n: int });
const DeviceRow = z.object({ model: z.string(), devices: int, runs: int });
const Value = z.object({ x: z.string() });
const Span = z.object({ a: z.string().nullable(), b: z.string().nullable(), n: int });
const Excluded = z.object({ trial: int, superseded: int, n: int });
const FailedJobs = z.object({ reason: z.string(), jobs: int });
const JobStates = z.object({ open: int, cancelled: int });

export async function methodsFacts(ctx: Ctx, filter: AnalyticsFilter): Promise<MethodsFacts> {
  const { sql } = ctx.store;
  const d = dialectOf(sql);
  const w = runsWhere(filter);
  const scoped = filter.sessions.length
    ? { sql: `IN (${filter.sessions.map(() => "?").join(", ")})`, params: filter.sessions }
    : null;
  const inSessions = (col: string) => (scoped ? `${col} ${scoped.sql}` : "TRUE");
  const sp = scoped?.params ?? [];

  // The sessions whose runs the report counts (a selected session left wholly out is in `excluded`).
  const sessions = await sql.all(
    SessionRow,
    `SELECT id AS "id", name AS "name", suite_id AS "suiteId", suite_version AS "suiteVersion", repeats AS "repeats",
            trial AS "trial", ${d.oneIf("cancelled_at IS NOT NULL")} AS "cancelled"
       FROM sessions WHERE id IN (SELECT DISTINCT r.session_id FROM ${FROM_RUNS} WHERE ${w.sql}) ORDER BY ${d.collateC("id")}`,
    w.params,
  );

  const { configs } = await configAnalytics(ctx, filter);
  // The distinct versions and context windows per config, as sorted number lists.
  const perConfig = async (col: string) => {
    const rows = await sql.all(
      ConfigValue,
      `SELECT r.config_id AS "c", ${col} AS "v" FROM ${FROM_RUNS} WHERE ${w.sql} GROUP BY r.config_id, ${col} ORDER BY ${col}`,
      w.params,
    );
    const by = new Map<string, number[]>();
    for (const r of rows) {
      const list = by.get(r.c) ?? [];
      list.push(r.v);
      by.set(r.c, list);
    }
    return by;
  };
  const [versions, windows] = await Promise.all([perConfig("r.config_version"), perConfig("r.context_window")]);

  const groups = await sql.all(
    CountBy,
    `SELECT r.task_group AS "g", COUNT(DISTINCT r.task_id) AS "n" FROM ${FROM_RUNS} WHERE ${w.sql} GROUP BY r.task_group`,
    w.params,
  );
  const heldOut = await sql.get(
    Count,
    `SELECT COUNT(DISTINCT r.task_id) AS "n" FROM ${FROM_RUNS} WHERE ${w.sql} AND r.held_out = TRUE`,
    w.params,
  );
  const devices = await sql.all(
    DeviceRow,
    `SELECT r.device_model AS "model", COUNT(DISTINCT r.device_id) AS "devices", COUNT(*) AS "runs" FROM ${FROM_RUNS}
      WHERE ${w.sql} GROUP BY r.device_model ORDER BY ${d.collateC("r.device_model")}`,
    w.params,
  );
  const distinct = async (col: string) =>
    (
      await sql.all(
        Value,
        `SELECT ${col} AS "x" FROM ${FROM_RUNS} WHERE ${w.sql} GROUP BY ${col} ORDER BY ${d.collateC(col)}`,
        w.params,
      )
    ).map((r) => r.x);
  const span = (await sql.get(
    Span,
    `SELECT MIN(r.started_at) AS "a", MAX(r.started_at) AS "b", COUNT(*) AS "n" FROM ${FROM_RUNS} WHERE ${w.sql}`,
    w.params,
  )) ?? { a: null, b: null, n: 0 };

  // What the selection's sessions hold that the report does not count, and why.
  const all = (await sql.get(
    Excluded,
    `SELECT COALESCE(SUM(${d.oneIf("s.trial")}), 0) AS "trial",
            COALESCE(SUM(${d.oneIf("s.trial = FALSE AND r.superseded = TRUE")}), 0) AS "superseded", COUNT(*) AS "n"
       FROM ${FROM_RUNS} WHERE sc.current = TRUE AND ${inSessions("r.session_id")}`,
    sp,
  )) ?? { trial: 0, superseded: 0, n: 0 };
  const trialRuns = filter.includeTrial ? 0 : all.trial;
  const supersededRuns = filter.includeSuperseded ? 0 : all.superseded;
  const failedJobs = await sql.all(
    FailedJobs,
    `SELECT COALESCE(failure_reason, 'unknown') AS "reason", COUNT(*) AS "jobs" FROM jobs
      WHERE state = 'failed' AND ${inSessions("session_id")} GROUP BY COALESCE(failure_reason, 'unknown')
      ORDER BY ${d.collateC("COALESCE(failure_reason, 'unknown')")}`,
    sp,
  );
  const jobStates = (await sql.get(
    JobStates,
    `SELECT COALESCE(SUM(${d.oneIf("state IN ('queued', 'leased')")}), 0) AS "open",
            COALESCE(SUM(${d.oneIf("state = 'cancelled'")}), 0) AS "cancelled" FROM jobs WHERE ${inSessions("session_id")}`,
    sp,
  )) ?? { open: 0, cancelled: 0 };

  const filters = filterPhrases(filter);

  return {
    sessions,
    configs: configs.map((c) => ({
      configId: c.configId,
      runs: c.runs,
      medianStartupTokens: c.medianStartupTokens,
      versions: versions.get(c.configId) ?? [],
      contextWindows: windows.get(c.configId) ?? [],
    })),
    tasks: {
      byGroup: Object.fromEntries(
        ["no_files", "files", "multi_step"]
          .map((g) => [g, groups.find((x) => x.g === g)?.n ?? 0])
          .concat(groups.filter((x) => !["no_files", "files", "multi_step"].includes(x.g)).map((x) => [x.g, x.n])),
      ),
      heldOut: heldOut?.n ?? 0,
    },
    devices,
    models: await distinct("r.model"),
    builds: await distinct("r.build_commit"),
    firstRunAt: span.a,
    lastRunAt: span.b,
    scoredRuns: span.n,
    excluded: {
      trialRuns,
      supersededRuns,
      filters,
      filteredRuns: Math.max(0, all.n - trialRuns - supersededRuns - span.n),
      failedJobs,
      unfinishedJobs: jobStates.open,
      cancelledJobs: jobStates.cancelled,
    },
  };
}
