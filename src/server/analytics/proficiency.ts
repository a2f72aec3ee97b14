import "server-only";
import { z } from "zod";
import type { Ctx } from "../context";
import { dialectOf } from "../store/dialect";
import { int, num } from "../store/columns";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import { contextRows, proficiencyRows, type ContextFacts, type UsageFacts } from "@/domain/analytics/proficiency";
import { byteOrder } from "@/domain/byteOrder";
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
const VersionRow = z.object({
  suite: z.string(),
  configId: z.string(),
  version: int,
  runs: int,
  overflowRuns: int,
  elide: num,
  summarize: num,
  recall: num,
});
const SettingRow = z.object({ suite: z.string(), configId: z.string(), version: int, context: z.string().nullable() });

/**
 * Each config × context setting's sums: the per-version sums joined to each version's
 * `components.context` (versions with no setting or "none" left out), summed per config and
 * setting, in byte order of both. A config whose versions differ in it lists each.
 */
async function contextPerSetting(ctx: Ctx, versions: z.output<typeof VersionRow>[]) {
  const { sql } = ctx.store;
  const settings = await sql.all(
    SettingRow,
    `SELECT suite_id AS "suite", config_id AS "configId", version AS "version",
            ${dialectOf(sql).jsonText("doc", "$.components.context")} AS "context" FROM configs`,
  );
  const setting = new Map(settings.map((r) => [`${r.suite}\u0000${r.configId}\u0000${r.version}`, r.context]));
  const sums = new Map<string, ContextFacts>();
  for (const v of versions) {
    const context = setting.get(`${v.suite}\u0000${v.configId}\u0000${v.version}`);
    if (context === undefined || context === null || context === "none") continue;
    const key = `${v.configId}\u0000${context}`;
    const got = sums.get(key);
    if (!got)
      sums.set(key, { configId: v.configId, context, runs: v.runs, overflowRuns: v.overflowRuns, elide: v.elide, summarize: v.summarize, recall: v.recall }); // prettier-ignore
    else {
      got.runs += v.runs;
      got.overflowRuns += v.overflowRuns;
      got.elide += v.elide;
      got.summarize += v.summarize;
      got.recall += v.recall;
    }
  }
  return [...sums.values()].sort((a, b) => byteOrder(a.configId, b.configId) || byteOrder(a.context, b.context));
}

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
  const sql = await ctx.store.facts();
  const d = dialectOf(sql);
  // One GROUP BY per config × task gives both the per-task counts and, summed, the per-config
  // usage (ADR 10: one scan per view instead of two).
  const [cells, versions] = await Promise.all([
    sql.all(
      CellRow,
      `SELECT r.config_id AS "configId", r.task_id AS "taskId", COUNT(*) AS "runs", SUM(${d.oneIf("r.passed")}) AS "passed",
              MAX(r.repeats) AS "repeats", SUM(r.repatches) AS "repatches", SUM(r.output_tokens) AS "outputTokens",
              SUM(r.turn_prompt_tokens) AS "promptTokens"
         FROM ${FROM_FACTS} WHERE ${w.sql} GROUP BY r.config_id, r.task_id
        ORDER BY ${d.collateC("r.config_id")}, ${d.collateC("r.task_id")}`,
      w.params,
    ),
    // Per config version over the summaries (the columnar copy, ADR 12); joined to each version's
    // context setting (the configs' JSON, read from the database) below.
    sql.all(
      VersionRow,
      `SELECT r.suite_id AS "suite", r.config_id AS "configId", r.config_version AS "version", COUNT(*) AS "runs",
              SUM(CASE WHEN r.outcome = 'context_full' OR r.ev_overflow > 0 THEN 1 ELSE 0 END) AS "overflowRuns",
              SUM(r.ev_elide) AS "elide", SUM(r.ev_summarize) AS "summarize", SUM(r.ev_recall) AS "recall"
         FROM ${FROM_FACTS} WHERE ${w.sql} GROUP BY r.suite_id, r.config_id, r.config_version
        ORDER BY ${d.collateC("r.suite_id")}, ${d.collateC("r.config_id")}, r.config_version`,
      w.params,
    ),
  ]);
  const context = await contextPerSetting(ctx, versions);
  const tasks = cells.map((c) => ({ configId: c.configId, taskId: c.taskId, runs: c.runs, passed: c.passed }));
  return { configs: proficiencyRows(tasks, usageByConfig(cells)), context: contextRows(mergeContexts(context)) };
}
