import "server-only";
import { z } from "zod";
import type { Ctx } from "../context";
import { dialectOf } from "../store/dialect";
import { plainNum } from "../store/columns";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import { throttling, throttlingAdvice, type RunRates } from "@/domain/analytics/throttling";
import { FROM_FACTS, factsWhere } from "./where";

/**
 * `GET /api/analytics/throttling`: per session × device, whether decode or prefill slowed down as
 * the session went on (src/domain/analytics/throttling.ts). Each run's turns are summed in run_facts
 * (runs without turns left out, as the join to turns did);
 * the fits are made over the runs, so a 100k-run selection hands over one row per run.
 */
// One row per run: seven plain fields.
const RunRow = z.object({
  sessionId: z.string(),
  deviceId: z.string(),
  configId: z.string(),
  startedAt: z.string(),
  outputTokens: plainNum,
  decodeMs: plainNum,
  promptTokens: plainNum,
  ttftMs: plainNum,
});

export async function throttlingAnalytics(ctx: Ctx, filter: AnalyticsFilter) {
  const w = factsWhere(filter);
  const sql = await ctx.store.facts();
  const rows = await sql.all(
    RunRow,
    `SELECT r.session_id AS "sessionId", r.device_id AS "deviceId", r.config_id AS "configId", r.started_at AS "startedAt",
            r.turn_output_tokens AS "outputTokens", r.turn_decode_ms AS "decodeMs",
            r.turn_prompt_tokens AS "promptTokens", r.turn_ttft_ms AS "ttftMs"
       FROM ${FROM_FACTS}
      WHERE ${w.sql} AND r.turn_rows > 0
      ORDER BY ${dialectOf(sql).collateC("r.id")}`,
    w.params,
  );
  const runs: RunRates[] = rows.flatMap(({ startedAt, ...r }) => {
    const startedAtMs = Date.parse(startedAt);
    return Number.isFinite(startedAtMs) ? [{ ...r, startedAtMs }] : [];
  });
  const devices = throttling(runs).map((d) => ({ ...d, advice: throttlingAdvice(d) }));
  return { devices, flagged: devices.filter((d) => d.flagged).length };
}
