import "server-only";
import { z } from "zod";
import type { Ctx } from "../context";
import { dialectOf } from "../store/dialect";
import { int, num } from "../store/columns";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import { contextRows, proficiencyRows, type ContextFacts, type UsageFacts } from "@/domain/analytics/proficiency";
import { FROM_FACTS, factsWhere } from "./where";

const CellRow = z.object({
  configId: z.string(),
  taskId: z.string(),
  runs: int,
  passed: int,
  repeats: int,
  repatches: int,
  outputTokens: int,
  promptTokens: int,
});

/** Per config, the cells' sums (and the largest repeats setting), in the cells' config order. */
function usageByConfig(cells: readonly z.output<typeof CellRow>[]): UsageFacts[] {
  const by = new Map<string, UsageFacts>();
  for (const c of cells) {
    const u = by.get(c.configId);
    if (!u)
      by.set(c.configId, {
        configId: c.configId,
        runs: c.runs,
        repeats: c.repeats,
        repatches: c.repatches,
        outputTokens: c.outputTokens,
        promptTokens: c.promptTokens,
      });
    else {
      u.runs += c.runs;
      u.repeats = Math.max(u.repeats, c.repeats);
      u.repatches += c.repatches;
      u.outputTokens += c.outputTokens;
      u.promptTokens += c.promptTokens;
    }
  }
  return [...by.values()];
}
const ContextRow = z.object({
  configId: z.string(),
  context: z.string(),
  runs: int,
  overflowRuns: int,
  elide: num,
  summarize: num,
  recall: num,
});

/**
 * One row per config from its rows per context setting: the settings joined with "," (as
 * SQLite's GROUP_CONCAT(DISTINCT) did, here in byte order on both engines), the counts summed.
 */
function mergeContexts(rows: readonly ContextFacts[]): ContextFacts[] {
  const by = new Map<string, ContextFacts>();
  for (const r of rows) {
    const got = by.get(r.configId);
    if (!got) by.set(r.configId, { ...r });
    else
      by.set(r.configId, {
        ...got,
        context: `${got.context},${r.context}`,
        runs: got.runs + r.runs,
        overflowRuns: got.overflowRuns + r.overflowRuns,
        elide: got.elide + r.elide,
        summarize: got.summarize + r.summarize,
        recall: got.recall + r.recall,
      });
  }
  return [...by.values()];
}

/**
 * `GET /api/analytics/proficiency`: pass@1 and pass^k, re-patches and tokens per config, and the
 * context-management numbers of configs whose config document (the version each run ran, in the
 * session's suite) manages context. Everything is summed in SQL; the per-task rows are bounded
 * by configs × tasks.
 */
export async function proficiencyAnalytics(ctx: Ctx, filter: AnalyticsFilter) {
  const w = factsWhere(filter);
  const { sql } = ctx.store;
  const d = dialectOf(sql);
  // One GROUP BY per config × task gives both the per-task counts and, summed, the per-config
  // usage (ADR 10: one scan per view instead of two).
  const [cells, context] = await Promise.all([
    sql.all(
      CellRow,
      `SELECT r.config_id AS "configId", r.task_id AS "taskId", COUNT(*) AS "runs", SUM(${d.oneIf("r.passed")}) AS "passed",
              MAX(r.repeats) AS "repeats", SUM(r.repatches) AS "repatches", SUM(r.output_tokens) AS "outputTokens",
              SUM(r.turn_prompt_tokens) AS "promptTokens"
         FROM ${FROM_FACTS} WHERE ${w.sql} GROUP BY r.config_id, r.task_id
        ORDER BY ${d.collateC("r.config_id")}, ${d.collateC("r.task_id")}`,
      w.params,
    ),
    // Per config × context setting; a config whose versions differ in it lists each (joined below).
    // The runs are summed per config version first and only those few sums meet `configs` and its
    // JSON, instead of a lookup and a JSON read per run (ADR 11).
    sql.all(
      ContextRow,
      `WITH v AS (
         SELECT r.suite_id AS suite, r.config_id AS c, r.config_version AS version, COUNT(*) AS runs,
                SUM(CASE WHEN r.outcome = 'context_full' OR r.ev_overflow > 0 THEN 1 ELSE 0 END) AS overflow,
                SUM(r.ev_elide) AS elide, SUM(r.ev_summarize) AS summarize, SUM(r.ev_recall) AS recall
           FROM ${FROM_FACTS} WHERE ${w.sql} GROUP BY r.suite_id, r.config_id, r.config_version),
       x AS (
         SELECT v.*, ${d.jsonText("cf.doc", "$.components.context")} AS ctx
           FROM v JOIN configs cf ON cf.suite_id = v.suite AND cf.config_id = v.c AND cf.version = v.version)
       SELECT c AS "configId", ctx AS "context", SUM(runs) AS "runs", SUM(overflow) AS "overflowRuns",
              SUM(elide) AS "elide", SUM(summarize) AS "summarize", SUM(recall) AS "recall"
         FROM x WHERE ctx IS NOT NULL AND ctx <> 'none' GROUP BY c, ctx ORDER BY ${d.collateC("c")}, ${d.collateC("ctx")}`,
      w.params,
    ),
  ]);
  const tasks = cells.map((c) => ({ configId: c.configId, taskId: c.taskId, runs: c.runs, passed: c.passed }));
  return { configs: proficiencyRows(tasks, usageByConfig(cells)), context: contextRows(mergeContexts(context)) };
}
