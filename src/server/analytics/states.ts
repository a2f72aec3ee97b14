import "server-only";
import type { Ctx } from "../context";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import { stateSplits, type StateRun } from "@/domain/analytics/stateSplits";
import { FROM_FACTS, factsWhere } from "./where";

/**
 * `GET /api/analytics/states`: the selection's TTFT fit, load and turn times split by thermal state
 * at start and by charging (src/domain/analytics/stateSplits.ts), one row per turn from SQL.
 */
export function stateAnalytics(ctx: Ctx, filter: AnalyticsFilter) {
  const w = factsWhere(filter);
  const rows = ctx.db.$client
    .prepare(
      `SELECT r.id AS runId, r.thermal_at_start AS thermal, r.charging AS charging, r.load_ms AS loadMs,
              t.prompt_tokens AS promptTokens, t.ttft_ms AS ttftMs, t.decode_ms AS decodeMs
         FROM ${FROM_FACTS} LEFT JOIN turns t ON t.run_id = r.id
        WHERE ${w.sql}
        ORDER BY r.id, t.idx`,
    )
    .all(...w.params) as {
    runId: string;
    thermal: string | null;
    charging: number | null;
    loadMs: number;
    promptTokens: number | null;
    ttftMs: number | null;
    decodeMs: number | null;
  }[];
  const runs = new Map<string, StateRun & { turns: { promptTokens: number; ttftMs: number; decodeMs: number }[] }>();
  for (const r of rows) {
    let run = runs.get(r.runId);
    if (!run) {
      run = {
        thermalAtStart: r.thermal,
        charging: r.charging === null ? null : !!r.charging,
        loadMs: r.loadMs,
        turns: [],
      };
      runs.set(r.runId, run);
    }
    if (r.promptTokens !== null && r.ttftMs !== null && r.decodeMs !== null) {
      run.turns.push({ promptTokens: r.promptTokens, ttftMs: r.ttftMs, decodeMs: r.decodeMs });
    }
  }
  return stateSplits([...runs.values()]);
}
