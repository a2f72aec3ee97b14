import "server-only";
import { z } from "zod";
import type { Ctx } from "../context";
import { dialectOf } from "../store/dialect";
import { int, num, numOrNull, plainNum } from "../store/columns";
import type { SqlRunner } from "../store/sql";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import { byteOrder } from "@/domain/byteOrder";
import {
  throttling,
  throttlingAdvice,
  throttlingFromSums,
  type DeviceRateSums,
  type DeviceThrottling,
  type RateMoments,
  type RunRates,
} from "@/domain/analytics/throttling";
import { FROM_FACTS, factsWhere } from "./where";

/**
 * `GET /api/analytics/throttling`: per session × device, whether decode or prefill slowed down as
 * the session went on (src/domain/analytics/throttling.ts). Each run's turns are summed in run_facts
 * (runs without turns left out, as the join to turns did). The columnar copy (ADR 12) computes each
 * fit's sums itself from its `started_ms` (one row per session × device × rate); the database hands
 * over a row per run and the domain sums them (`throttling`): the same numbers.
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
  const sql = await ctx.store.facts();
  const found = sql.dialect === "duckdb" ? await summedInCopy(sql, filter) : await perRun(sql, filter);
  const devices = found.map((d) => ({ ...d, advice: throttlingAdvice(d) }));
  return { devices, flagged: devices.filter((d) => d.flagged).length };
}

const GroupSums = z.object({
  sessionId: z.string(),
  deviceId: z.string(),
  runs: int,
  t0: num,
  firstId: z.string(),
  kind: z.string().nullable(),
  n: int.nullable(),
  meanX: numOrNull,
  meanY: numOrNull,
  sxx: numOrNull,
  sxy: numOrNull,
  syy: numOrNull,
  spanMin: numOrNull,
});

/**
 * The domain's steps, in SQL over the copy: per session × device, minutes since its first run;
 * each rate scaled by its config's median against the median of all (medians of the one or two
 * middle values, `median`); then each rate's centred sums (DuckDB's `regr_*`, one numerically stable
 * pass: the same sums as `rateMoments`' two passes, to rounding).
 * Groups in first-seen order, as `throttling` gives them: by first start, then the first run's id.
 */
async function summedInCopy(sql: SqlRunner, filter: AnalyticsFilter): Promise<DeviceThrottling[]> {
  const w = factsWhere(filter);
  const dbl = (x: string) => `CAST(${x} AS DOUBLE)`;
  const rows = await sql.all(
    GroupSums,
    `WITH sel AS (
       SELECT r.id, r.session_id AS s, r.device_id AS d, r.config_id AS c, r.started_ms AS ms,
              r.turn_output_tokens AS o, r.turn_decode_ms AS dm, r.turn_prompt_tokens AS p, r.turn_ttft_ms AS tm
         FROM ${FROM_FACTS} WHERE ${w.sql} AND r.turn_rows > 0 AND r.started_ms IS NOT NULL),
     grp AS (SELECT s, d, MIN(ms) AS t0, COUNT(*) AS runs, FIRST(id ORDER BY ms, id) AS first_id FROM sel GROUP BY s, d),
     pts AS (
       SELECT sel.s, sel.d, sel.c, 'decode' AS k, ${dbl("sel.ms - grp.t0")} / 60000 AS x, ${dbl("sel.o")} / (${dbl("sel.dm")} / 1000) AS rate
         FROM sel JOIN grp ON grp.s = sel.s AND grp.d = sel.d WHERE sel.dm > 0
       UNION ALL
       SELECT sel.s, sel.d, sel.c, 'prefill', ${dbl("sel.ms - grp.t0")} / 60000, ${dbl("sel.p")} / (${dbl("sel.tm")} / 1000)
         FROM sel JOIN grp ON grp.s = sel.s AND grp.d = sel.d WHERE sel.tm > 0),
     config_median AS (SELECT s, d, k, c, MEDIAN(rate) AS m FROM pts GROUP BY s, d, k, c),
     all_median AS (SELECT s, d, k, MEDIAN(rate) AS a FROM pts GROUP BY s, d, k),
     ys AS (
       SELECT pts.s, pts.d, pts.k, pts.x, CASE WHEN cm.m > 0 THEN (pts.rate * am.a) / cm.m ELSE pts.rate END AS y
         FROM pts JOIN config_median cm ON cm.s = pts.s AND cm.d = pts.d AND cm.k = pts.k AND cm.c = pts.c
                  JOIN all_median am ON am.s = pts.s AND am.d = pts.d AND am.k = pts.k),
     sums AS (
       SELECT s, d, k, regr_count(y, x) AS n, regr_avgx(y, x) AS mx, regr_avgy(y, x) AS my, regr_sxx(y, x) AS sxx,
              regr_sxy(y, x) AS sxy, regr_syy(y, x) AS syy, MAX(x) - MIN(x) AS span
         FROM ys GROUP BY s, d, k)
     SELECT grp.s AS "sessionId", grp.d AS "deviceId", grp.runs AS "runs", grp.t0 AS "t0", grp.first_id AS "firstId",
            sums.k AS "kind", sums.n AS "n", sums.mx AS "meanX", sums.my AS "meanY", sums.sxx AS "sxx", sums.sxy AS "sxy",
            sums.syy AS "syy", sums.span AS "spanMin"
       FROM grp LEFT JOIN sums ON sums.s = grp.s AND sums.d = grp.d`,
    w.params,
  );
  const groups = new Map<string, DeviceRateSums & { t0: number; firstId: string }>();
  for (const r of rows) {
    const key = `${r.sessionId}\u0000${r.deviceId}`;
    const g = groups.get(key) ?? {
      sessionId: r.sessionId,
      deviceId: r.deviceId,
      runs: r.runs,
      t0: r.t0,
      firstId: r.firstId,
      decode: null,
      prefill: null,
    };
    groups.set(key, g);
    if (r.kind === "decode" || r.kind === "prefill") g[r.kind] = momentsOf(r);
  }
  const ordered = [...groups.values()].sort((a, b) => a.t0 - b.t0 || byteOrder(a.firstId, b.firstId));
  return throttlingFromSums(ordered);
}

function momentsOf(r: z.infer<typeof GroupSums>): RateMoments {
  return {
    n: r.n ?? 0,
    meanX: r.meanX ?? NaN,
    meanY: r.meanY ?? NaN,
    sxx: r.sxx ?? NaN,
    sxy: r.sxy ?? NaN,
    syy: r.syy ?? NaN,
    spanMin: r.spanMin ?? NaN,
  };
}

/** A row per run, grouped, scaled and summed by the domain. */
async function perRun(sql: SqlRunner, filter: AnalyticsFilter): Promise<DeviceThrottling[]> {
  const w = factsWhere(filter);
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
  return throttling(runs);
}
