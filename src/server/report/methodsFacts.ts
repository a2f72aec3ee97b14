import "server-only";
import type { Ctx } from "../context";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import type { MethodsFacts } from "@/domain/report/methods";
import { configAnalytics } from "../analytics/configs";
import { FROM_RUNS, whereClause } from "../analytics/where";

/** The facts the methods paragraph of a study report is written from, for one selection. */
export function methodsFacts(ctx: Ctx, filter: AnalyticsFilter): MethodsFacts {
  const db = ctx.db.$client;
  const w = whereClause(filter);
  const scoped = filter.sessions.length
    ? { sql: `IN (${filter.sessions.map(() => "?").join(", ")})`, params: filter.sessions }
    : null;
  const inSessions = (col: string) => (scoped ? `${col} ${scoped.sql}` : "1 = 1");
  const sp = scoped?.params ?? [];

  // The sessions whose runs the report counts (a selected session left wholly out is in `excluded`).
  const sessions = (
    db
      .prepare(
        `SELECT id, name, suite_id AS suiteId, suite_version AS suiteVersion, repeats, trial, cancelled_at IS NOT NULL AS cancelled
                FROM sessions WHERE id IN (SELECT DISTINCT r.session_id FROM ${FROM_RUNS} WHERE ${w.sql}) ORDER BY id`,
      )
      .all(...w.params) as {
      id: string;
      name: string;
      suiteId: string;
      suiteVersion: number;
      repeats: number;
      trial: number;
      cancelled: number;
    }[]
  ).map((s) => ({ ...s, trial: !!s.trial, cancelled: !!s.cancelled }));

  const { configs } = configAnalytics(ctx, filter);
  const perConfig = db
    .prepare(
      `SELECT r.config_id AS c, GROUP_CONCAT(DISTINCT r.config_version) AS v, GROUP_CONCAT(DISTINCT r.context_window) AS w FROM ${FROM_RUNS} WHERE ${w.sql} GROUP BY 1`,
    )
    .all(...w.params) as { c: string; v: string; w: string }[];
  const nums = (s: string | undefined) =>
    (s ?? "")
      .split(",")
      .filter(Boolean)
      .map(Number)
      .sort((a, b) => a - b);
  const byConfig = new Map(perConfig.map((r) => [r.c, r]));

  const groups = db
    .prepare(`SELECT r.task_group AS g, COUNT(DISTINCT r.task_id) AS n FROM ${FROM_RUNS} WHERE ${w.sql} GROUP BY 1`)
    .all(...w.params) as { g: string; n: number }[];
  const heldOut = db
    .prepare(`SELECT COUNT(DISTINCT r.task_id) AS n FROM ${FROM_RUNS} WHERE ${w.sql} AND r.held_out = 1`)
    .get(...w.params) as { n: number };
  const devices = db
    .prepare(
      `SELECT r.device_model AS model, COUNT(DISTINCT r.device_id) AS devices, COUNT(*) AS runs FROM ${FROM_RUNS} WHERE ${w.sql} GROUP BY 1 ORDER BY 1`,
    )
    .all(...w.params) as { model: string; devices: number; runs: number }[];
  const distinct = (col: string) =>
    (
      db.prepare(`SELECT DISTINCT ${col} AS x FROM ${FROM_RUNS} WHERE ${w.sql} ORDER BY 1`).all(...w.params) as {
        x: string;
      }[]
    ).map((r) => r.x);
  const span = db
    .prepare(`SELECT MIN(r.started_at) AS a, MAX(r.started_at) AS b, COUNT(*) AS n FROM ${FROM_RUNS} WHERE ${w.sql}`)
    .get(...w.params) as { a: string | null; b: string | null; n: number };

  // What the selection's sessions hold that the report does not count, and why.
  const all = db
    .prepare(
      `SELECT SUM(s.trial = 1) AS trial, SUM(s.trial = 0 AND r.superseded = 1) AS superseded, COUNT(*) AS n
                FROM ${FROM_RUNS} WHERE sc.current = 1 AND ${inSessions("r.session_id")}`,
    )
    .get(...sp) as { trial: number | null; superseded: number | null; n: number };
  const trialRuns = filter.includeTrial ? 0 : (all.trial ?? 0);
  const supersededRuns = filter.includeSuperseded ? 0 : (all.superseded ?? 0);
  const failedJobs = db
    .prepare(
      `SELECT COALESCE(failure_reason, 'unknown') AS reason, COUNT(*) AS jobs FROM jobs WHERE state = 'failed' AND ${inSessions("session_id")} GROUP BY 1 ORDER BY 1`,
    )
    .all(...sp) as { reason: string; jobs: number }[];
  const jobStates = db
    .prepare(
      `SELECT SUM(state IN ('queued', 'leased')) AS open, SUM(state = 'cancelled') AS cancelled FROM jobs WHERE ${inSessions("session_id")}`,
    )
    .get(...sp) as { open: number | null; cancelled: number | null };

  const filters = [
    filter.build && `build ${filter.build}`,
    filter.device && `device ${filter.device}`,
    filter.thermal && `thermal state ${filter.thermal}`,
    filter.charging !== undefined && (filter.charging ? "charging" : "not charging"),
    filter.task && `task ${filter.task}`,
    filter.group && `group ${filter.group}`,
    filter.config && `config ${filter.config}`,
    filter.outcome && `outcome ${filter.outcome}`,
    filter.passed !== undefined && (filter.passed ? "passed" : "failed"),
    filter.looping !== undefined && (filter.looping ? "looping" : "not looping"),
    filter.toolsDropped !== undefined && (filter.toolsDropped ? "tools dropped" : "tools kept"),
  ].filter((x): x is string => typeof x === "string");

  return {
    sessions,
    configs: configs.map((c) => ({
      configId: c.configId,
      runs: c.runs,
      medianStartupTokens: c.medianStartupTokens,
      versions: nums(byConfig.get(c.configId)?.v),
      contextWindows: nums(byConfig.get(c.configId)?.w),
    })),
    tasks: {
      byGroup: Object.fromEntries(
        ["no_files", "files", "multi_step"]
          .map((g) => [g, groups.find((x) => x.g === g)?.n ?? 0])
          .concat(groups.filter((x) => !["no_files", "files", "multi_step"].includes(x.g)).map((x) => [x.g, x.n])),
      ),
      heldOut: heldOut.n,
    },
    devices,
    models: distinct("r.model"),
    builds: distinct("r.build_commit"),
    firstRunAt: span.a,
    lastRunAt: span.b,
    scoredRuns: span.n,
    excluded: {
      trialRuns,
      supersededRuns,
      filters,
      filteredRuns: Math.max(0, all.n - trialRuns - supersededRuns - span.n),
      failedJobs,
      unfinishedJobs: jobStates.open ?? 0,
      cancelledJobs: jobStates.cancelled ?? 0,
    },
  };
}
