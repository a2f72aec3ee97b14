import "server-only";
import { z } from "zod";
import type { Ctx } from "../context";
import { dialectOf } from "../store/dialect";
import { flag, int } from "../store/columns";
import type { SqlRunner } from "../store/sql";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import {
  PATH_ENDS,
  buildTrajectories,
  orderTrajectories,
  pathFromSteps,
  type PathEnd,
  type PathPoint,
  type ProgressRunFacts,
  type TaskTrajectories,
} from "@/domain/analytics/progress";
import { FROM_FACTS, factsWhere } from "./where";

/**
 * `GET /api/analytics/progress`: majority progress paths (Figures 9–10). Reads per-run progress,
 * but only of tasks with milestones (in the default suite, the multi-step tasks), which are a
 * bounded subset of the selection; the per-call ok flags were stored at scoring, so no trace is parsed.
 * The JSON columns stay in `scores` (read by id for these runs only), out of the narrow run_facts.
 * The columnar copy (ADR 12) holds them as `run_progress` (with each run's most milestones) and
 * `run_calls` (a row per call), and counts each config's majority path itself (a row per task ×
 * config × call reached by a majority); the database hands over a row per run and the domain
 * counts (`buildTrajectories`): the same paths.
 */
const ProgressRow = z.object({
  taskId: z.string(),
  group: z.string(),
  configId: z.string(),
  progress: z.string(),
  callOk: z.string().nullable(),
  endReason: z.string(),
  milestonesTotal: int,
});

export async function progressAnalytics(ctx: Ctx, filter: AnalyticsFilter) {
  const copy = await ctx.store.facts();
  if (copy.dialect === "duckdb") return { tasks: await countedInCopy(copy, filter) };
  const w = factsWhere(filter);
  const { sql } = ctx.store;
  const d = dialectOf(sql);
  const rows = await sql.all(
    ProgressRow,
    `SELECT r.task_id AS "taskId", r.task_group AS "group", r.config_id AS "configId", sc.progress AS "progress",
            sc.call_ok AS "callOk", r.end_reason AS "endReason", r.milestones_total AS "milestonesTotal"
       FROM ${FROM_FACTS} JOIN scores sc ON sc.id = r.score_id WHERE ${w.sql} AND r.milestones_total > 0
      ORDER BY ${d.collateC("r.task_id")}, ${d.collateC("r.config_id")}, ${d.collateC("r.session_id")}, r.repeat, ${d.collateC("r.id")}`,
    w.params,
  );
  const facts: ProgressRunFacts[] = rows.map((r) => ({
    ...r,
    progress: JSON.parse(r.progress) as number[],
    callOk: r.callOk === null ? null : (JSON.parse(r.callOk) as boolean[]),
  }));
  return { tasks: buildTrajectories(facts) };
}

const Config = z.object({ taskId: z.string(), group: z.string(), configId: z.string(), runs: int, total: int });
const Step = z.object({
  taskId: z.string(),
  configId: z.string(),
  call: int,
  milestones: int,
  failed: flag,
  following: int,
  running: int,
});
const End = z.object({ taskId: z.string(), configId: z.string(), end: z.string(), runs: int });

/** `runEnd`'s rule over the copy's columns (`reached`: the run's most milestones). */
const RUN_END = `CASE WHEN end_reason = 'context_full' THEN 'context_full'
  WHEN end_reason IN ('crash', 'timeout', 'cancelled') THEN 'crashed'
  WHEN end_reason IN ('tool_limit', 'turn_limit') THEN 'tool_limit'
  WHEN COALESCE(reached, 0) < milestones_total THEN 'early_stop' ELSE 'complete' END`;

/**
 * `majorityPath`'s counts in SQL over the copy: each call k's (milestones, failed) states among the
 * runs that made at least k calls, the most common kept (ties to fewer milestones, then the failed
 * call) while more than half the config's runs are still running; and each run's end.
 */
async function countedInCopy(sql: SqlRunner, filter: AnalyticsFilter): Promise<TaskTrajectories[]> {
  const w = factsWhere(filter);
  const runs = `WITH sel AS (
       SELECT r.id, r.task_id, r.task_group, r.config_id, r.session_id, r.repeat, r.end_reason, r.milestones_total,
              p.reached
         FROM ${FROM_FACTS} JOIN run_progress p ON p.run_id = r.id WHERE ${w.sql} AND r.milestones_total > 0),
     sizes AS (SELECT task_id, config_id, COUNT(*) AS n FROM sel GROUP BY task_id, config_id)`;
  const [configs, steps, ends] = await Promise.all([
    sql.all(
      Config,
      `${runs},
     tasks AS (SELECT task_id, FIRST(task_group ORDER BY config_id, session_id, repeat, id) AS task_group,
                      MAX(milestones_total) AS total FROM sel GROUP BY task_id)
     SELECT sizes.task_id AS "taskId", tasks.task_group AS "group", sizes.config_id AS "configId", sizes.n AS "runs",
            tasks.total AS "total"
       FROM sizes JOIN tasks ON tasks.task_id = sizes.task_id`,
      w.params,
    ),
    sql.all(
      Step,
      `${runs},
     calls AS (SELECT s.task_id, s.config_id, c.k, c.m, c.failed FROM sel s JOIN run_calls c ON c.run_id = s.id),
     states AS (SELECT task_id, config_id, k, m, failed, COUNT(*) AS c FROM calls GROUP BY task_id, config_id, k, m, failed),
     ranked AS (
       SELECT *, SUM(c) OVER at_k AS running,
              ROW_NUMBER() OVER (at_k ORDER BY c DESC, m, failed DESC) AS place
         FROM states WINDOW at_k AS (PARTITION BY task_id, config_id, k))
     SELECT ranked.task_id AS "taskId", ranked.config_id AS "configId", k AS "call", m AS "milestones", failed AS "failed",
            c AS "following", running AS "running"
       FROM ranked JOIN sizes ON sizes.task_id = ranked.task_id AND sizes.config_id = ranked.config_id
      WHERE place = 1 AND 2 * running > sizes.n ORDER BY k`,
      w.params,
    ),
    sql.all(
      End,
      `${runs}
       SELECT task_id AS "taskId", config_id AS "configId", ${RUN_END} AS "end", COUNT(*) AS "runs"
         FROM sel GROUP BY task_id, config_id, ${RUN_END}`,
      w.params,
    ),
  ]);
  const key = (t: string, c: string) => `${t}\u0000${c}`;
  const stepsOf = new Map<string, PathPoint[]>();
  for (const { taskId, configId, ...p } of steps) {
    const list = stepsOf.get(key(taskId, configId)) ?? [];
    list.push(p);
    stepsOf.set(key(taskId, configId), list);
  }
  const endsOf = new Map<string, Partial<Record<PathEnd, number>>>();
  for (const e of ends) {
    if (!(PATH_ENDS as readonly string[]).includes(e.end)) throw new Error(`unknown path end ${e.end}`);
    const m = endsOf.get(key(e.taskId, e.configId)) ?? {};
    m[e.end as PathEnd] = e.runs;
    endsOf.set(key(e.taskId, e.configId), m);
  }
  const tasks = new Map<string, TaskTrajectories>();
  for (const c of configs) {
    const t = tasks.get(c.taskId) ?? { taskId: c.taskId, group: c.group, milestonesTotal: c.total, configs: [] };
    t.configs.push(
      pathFromSteps(
        c.configId,
        c.runs,
        stepsOf.get(key(c.taskId, c.configId)) ?? [],
        endsOf.get(key(c.taskId, c.configId)) ?? {},
      ),
    );
    tasks.set(c.taskId, t);
  }
  return orderTrajectories([...tasks.values()]);
}
