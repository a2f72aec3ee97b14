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
import { phoneLabel } from "@/domain/fleet";
import { deviceNames } from "../devices/deviceNames";

/**
 * `GET /api/analytics/throttling`: per session × phone (its token × the id it reported, issue 34.2), whether decode or prefill slowed down as
 * the session went on (src/domain/analytics/throttling.ts). Each run's turns are summed in run_facts
 * (runs without turns left out, as the join to turns did). The columnar copy (ADR 12) computes each
 * fit's sums itself from its `started_ms` (one row per session × device, both rates' sums); the
 * database hands over a row per run and the domain sums them (`throttling`): the same numbers.
 */
// One row per run: seven plain fields.
const RunRow = z.object({
  sessionId: z.string(),
  deviceId: z.string(),
  tokenDeviceId: z.string().nullable(),
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
  const names = await sessionNames(ctx, [...new Set(found.map((d) => d.sessionId))]);
  const tokens = await deviceNames(ctx.store.sql);
  const devices = found.map((d) => {
    const deviceLabel = phoneLabel(d.tokenDeviceId === null ? null : (tokens.get(d.tokenDeviceId) ?? null), d.deviceId);
    return {
      ...d,
      deviceLabel,
      sessionName: names.get(d.sessionId) ?? d.sessionId,
      advice: throttlingAdvice(d, deviceLabel),
    };
  });
  return { devices, flagged: devices.filter((d) => d.flagged).length };
}

const Named = z.object({ id: z.string(), name: z.string() });

/** Session names by id: a phone in two selected sessions has a row for each, told apart by name. */
async function sessionNames(ctx: Ctx, ids: readonly string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await ctx.store.sql.all(
    Named,
    `SELECT id AS "id", name AS "name" FROM sessions WHERE id IN (${ids.map(() => "?").join(", ")})`,
    [...ids],
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}

const kindSums = (k: string) => ({
  [`${k}N`]: int,
  [`${k}MeanX`]: numOrNull,
  [`${k}MeanY`]: numOrNull,
  [`${k}Sxx`]: numOrNull,
  [`${k}Sxy`]: numOrNull,
  [`${k}Syy`]: numOrNull,
  [`${k}Span`]: numOrNull,
});
const GroupSums = z.object({
  sessionId: z.string(),
  deviceId: z.string(),
  tokenDeviceId: z.string(),
  runs: int,
  t0: num,
  firstId: z.string(),
  ...kindSums("decode"),
  ...kindSums("prefill"),
});
type GroupRow = {
  sessionId: string;
  deviceId: string;
  tokenDeviceId: string;
  runs: number;
  t0: number;
  firstId: string;
} & Record<string, unknown>;

/**
 * The domain's steps, in SQL over the copy, one row per run carrying both rates (null where its
 * time is 0): per session × device, minutes since its first run; each rate scaled by its config's
 * median against the median of all (`median`, which skips nulls); then each rate's centred sums
 * (DuckDB's `regr_*`, one numerically stable pass that skips nulls: the same sums as
 * `rateMoments`' two passes, to rounding). Groups in first-seen order, as `throttling` gives them:
 * by first start, then the first run's id.
 */
async function summedInCopy(sql: SqlRunner, filter: AnalyticsFilter): Promise<DeviceThrottling[]> {
  const w = factsWhere(filter);
  const dbl = (x: string) => `CAST(${x} AS DOUBLE)`;
  const scaled = (k: string, rate: string) =>
    `CASE WHEN cm.${k} > 0 THEN (t.${rate} * am.${k}) / cm.${k} ELSE t.${rate} END AS y${k}`;
  const sums = (k: string, name: string) =>
    `regr_count(y${k}, x) AS "${name}N", regr_avgx(y${k}, x) AS "${name}MeanX", regr_avgy(y${k}, x) AS "${name}MeanY",
     regr_sxx(y${k}, x) AS "${name}Sxx", regr_sxy(y${k}, x) AS "${name}Sxy", regr_syy(y${k}, x) AS "${name}Syy",
     MAX(x) FILTER (WHERE y${k} IS NOT NULL) - MIN(x) FILTER (WHERE y${k} IS NOT NULL) AS "${name}Span"`;
  // NOT MATERIALIZED: DuckDB materializes a CTE read several times by default; inlined, each reader
  // scans the copy's columns itself, which measured faster (1M runs, medians of 5: the statement
  // 635–722 ms materialized, 486–577 ms inlined).
  const rows = (await sql.all(
    GroupSums,
    `WITH sel AS NOT MATERIALIZED (
       SELECT r.id, r.session_id AS s, r.device_id AS d, COALESCE(r.token_device_id, '') AS k, r.config_id AS c, r.started_ms AS ms,
              CASE WHEN r.turn_decode_ms > 0 THEN ${dbl("r.turn_output_tokens")} / (${dbl("r.turn_decode_ms")} / 1000) END AS rd,
              CASE WHEN r.turn_ttft_ms > 0 THEN ${dbl("r.turn_prompt_tokens")} / (${dbl("r.turn_ttft_ms")} / 1000) END AS rp
         FROM ${FROM_FACTS} WHERE ${w.sql} AND r.turn_rows > 0 AND r.started_ms IS NOT NULL),
     grp AS (SELECT s, k, d, MIN(ms) AS t0, COUNT(*) AS runs, FIRST(id ORDER BY ms, id) AS first_id FROM sel GROUP BY s, k, d),
     cm AS (SELECT s, k, d, c, MEDIAN(rd) AS d_, MEDIAN(rp) AS p_ FROM sel GROUP BY s, k, d, c),
     am AS (SELECT s, k, d, MEDIAN(rd) AS d_, MEDIAN(rp) AS p_ FROM sel GROUP BY s, k, d),
     ys AS (
       SELECT t.s, t.k, t.d, ${dbl("t.ms - grp.t0")} / 60000 AS x, ${scaled("d_", "rd")}, ${scaled("p_", "rp")}
         FROM sel t JOIN grp ON grp.s = t.s AND grp.k = t.k AND grp.d = t.d
                    JOIN cm ON cm.s = t.s AND cm.k = t.k AND cm.d = t.d AND cm.c = t.c
                    JOIN am ON am.s = t.s AND am.k = t.k AND am.d = t.d),
     fits AS (SELECT s, k, d, ${sums("d_", "decode")}, ${sums("p_", "prefill")} FROM ys GROUP BY s, k, d)
     SELECT grp.s AS "sessionId", grp.d AS "deviceId", grp.k AS "tokenDeviceId", grp.runs AS "runs", grp.t0 AS "t0", grp.first_id AS "firstId",
            fits.* EXCLUDE (s, k, d)
       FROM grp JOIN fits ON fits.s = grp.s AND fits.k = grp.k AND fits.d = grp.d`,
    w.params,
  )) as GroupRow[];
  const groups = rows.map((r): DeviceRateSums & { t0: number; firstId: string } => ({
    sessionId: r.sessionId,
    deviceId: r.deviceId,
    // '' stands for no token (an imported run) so the copy's joins need no null-safe equality.
    tokenDeviceId: r.tokenDeviceId || null,
    runs: r.runs,
    t0: r.t0,
    firstId: r.firstId,
    decode: momentsOf(r, "decode"),
    prefill: momentsOf(r, "prefill"),
  }));
  const ordered = groups.sort((a, b) => a.t0 - b.t0 || byteOrder(a.firstId, b.firstId));
  return throttlingFromSums(ordered);
}

/** One rate's sums from its columns; null when no run had time for it. */
function momentsOf(r: GroupRow, k: "decode" | "prefill"): RateMoments | null {
  const n = r[`${k}N`] as number;
  if (!n) return null;
  const v = (name: string) => (r[`${k}${name}`] as number | null) ?? NaN;
  return { n, meanX: v("MeanX"), meanY: v("MeanY"), sxx: v("Sxx"), sxy: v("Sxy"), syy: v("Syy"), spanMin: v("Span") };
}

/** A row per run, grouped, scaled and summed by the domain. */
async function perRun(sql: SqlRunner, filter: AnalyticsFilter): Promise<DeviceThrottling[]> {
  const w = factsWhere(filter);
  const rows = await sql.all(
    RunRow,
    `SELECT r.session_id AS "sessionId", r.device_id AS "deviceId", r.token_device_id AS "tokenDeviceId",
            r.config_id AS "configId", r.started_at AS "startedAt",
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
