import "server-only";
import type { Ctx } from "../context";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import {
  contextRows,
  proficiencyRows,
  type ContextFacts,
  type TaskRunFacts,
  type UsageFacts,
} from "@/domain/analytics/proficiency";
import { FROM_FACTS, factsWhere } from "./where";

/**
 * `GET /api/analytics/proficiency`: pass@1 and pass^k, re-patches and tokens per config, and the
 * context-management numbers of configs whose config document (the version each run ran, in the
 * session's suite) manages context. Everything is summed in SQL; the per-task rows are bounded
 * by configs × tasks.
 */
export function proficiencyAnalytics(ctx: Ctx, filter: AnalyticsFilter) {
  const w = factsWhere(filter);
  const sqlite = ctx.db.$client;
  const tasks = sqlite
    .prepare(
      `SELECT r.config_id AS configId, r.task_id AS taskId, COUNT(*) AS runs, SUM(r.passed) AS passed FROM ${FROM_FACTS} WHERE ${w.sql} GROUP BY 1, 2`,
    )
    .all(...w.params) as TaskRunFacts[];
  const usage = sqlite
    .prepare(
      `SELECT r.config_id AS configId, COUNT(*) AS runs, MAX(r.repeats) AS repeats, SUM(r.repatches) AS repatches, SUM(r.output_tokens) AS outputTokens,
              SUM(r.turn_prompt_tokens) AS promptTokens
         FROM ${FROM_FACTS} WHERE ${w.sql} GROUP BY 1`,
    )
    .all(...w.params) as UsageFacts[];
  const context = sqlite
    .prepare(
      `WITH v AS (
         SELECT r.config_id AS configId, json_extract(cf.doc, '$.components.context') AS ctx, r.outcome AS outcome,
                r.ev_overflow AS overflow, r.ev_elide AS elide, r.ev_summarize AS summarize, r.ev_recall AS recall
           FROM ${FROM_FACTS} JOIN configs cf ON cf.suite_id = r.suite_id AND cf.config_id = r.config_id AND cf.version = r.config_version
          WHERE ${w.sql})
       SELECT configId, GROUP_CONCAT(DISTINCT ctx) AS context, COUNT(*) AS runs, SUM(outcome = 'context_full' OR overflow > 0) AS overflowRuns,
              SUM(elide) AS elide, SUM(summarize) AS summarize, SUM(recall) AS recall
         FROM v WHERE ctx IS NOT NULL AND ctx <> 'none' GROUP BY configId`,
    )
    .all(...w.params) as ContextFacts[];
  return { configs: proficiencyRows(tasks, usage), context: contextRows(context) };
}
