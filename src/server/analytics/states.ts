import "server-only";
import { z } from "zod";
import type { Ctx } from "../context";
import { dialectOf } from "../store/dialect";
import { flagOrNull, plainNum, plainNumOrNull } from "../store/columns";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import { stateSplits, type StateRun } from "@/domain/analytics/stateSplits";
import { FROM_FACTS, factsWhere } from "./where";

// One row per turn (hundreds of thousands at lab scale): the cheap parsers (store/columns.ts).
const TurnRow = z.object({
  runKey: plainNum,
  thermal: z.string().nullable(),
  charging: flagOrNull,
  loadMs: plainNum,
  promptTokens: plainNumOrNull,
  ttftMs: plainNumOrNull,
  decodeMs: plainNumOrNull,
});

/**
 * `GET /api/analytics/states`: the selection's TTFT fit, load and turn times split by thermal state
 * at start and by charging (src/domain/analytics/stateSplits.ts), one row per turn from SQL.
 */
export async function stateAnalytics(ctx: Ctx, filter: AnalyticsFilter) {
  const w = factsWhere(filter);
  const sql = await ctx.store.facts();
  const rows = await sql.all(
    TurnRow,
    `SELECT r.score_id AS "runKey", r.thermal_at_start AS "thermal", r.charging AS "charging", r.load_ms AS "loadMs",
            t.prompt_tokens AS "promptTokens", t.ttft_ms AS "ttftMs", t.decode_ms AS "decodeMs"
       FROM ${FROM_FACTS} LEFT JOIN turns t ON t.run_id = r.id
      WHERE ${w.sql}
      ORDER BY ${dialectOf(sql).collateC("r.id")}, t.idx`,
    w.params,
  );
  // Keyed by the run's current score id (one per run in run_facts): a number, where the run id would
  // be a string per turn, the costliest value to hand over from DuckDB (ADR 12).
  const runs = new Map<number, StateRun & { turns: { promptTokens: number; ttftMs: number; decodeMs: number }[] }>();
  for (const r of rows) {
    let run = runs.get(r.runKey);
    if (!run) {
      run = {
        thermalAtStart: r.thermal,
        charging: r.charging,
        loadMs: r.loadMs,
        turns: [],
      };
      runs.set(r.runKey, run);
    }
    if (r.promptTokens !== null && r.ttftMs !== null && r.decodeMs !== null) {
      run.turns.push({ promptTokens: r.promptTokens, ttftMs: r.ttftMs, decodeMs: r.decodeMs });
    }
  }
  return stateSplits([...runs.values()]);
}
