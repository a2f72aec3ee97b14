/**
 * DuckDB baselines (see baselines.ts) of the two figures that order a device's runs in time: cost
 * (battery drops between consecutive runs) and throttling (rates fitted against minutes since the
 * device's first run). DuckDB's own SQL over the same rows (start times parsed by DuckDB, medians
 * by `median`, fits by `regr_*`), then the same pure domain functions on the sums it returns.
 */
import type { DuckDBConnection } from "@duckdb/node-api";
import { costFromSums, type ConfigCostSums } from "../../../src/domain/fleet";
import {
  throttlingAdvice,
  throttlingFromSums,
  type DeviceRateSums,
  type RateMoments,
} from "../../../src/domain/analytics/throttling";
import { COST_NOTE } from "../../../src/server/analytics/cost";
import { DEFAULT_WHERE as W, rows } from "./query";

type Conn = DuckDBConnection;
const START_MS = "epoch_ms(CAST(started_at AS TIMESTAMPTZ))";

export async function cost(conn: Conn) {
  const sums = await rows<ConfigCostSums>(
    conn,
    `WITH sel AS (
       SELECT id, config_id, device_id, passed, ${START_MS} AS ms, charging, battery,
              load_ms + turn_ttft_ms + turn_decode_ms AS phone_ms, turn_output_tokens AS tokens
         FROM run_facts WHERE ${W}),
     paired AS (
       SELECT *, (battery - lead(battery) OVER w) * 100 AS drop_points, charging = 0 AND lead(charging) OVER w = 0 AS unplugged
         FROM sel WINDOW w AS (PARTITION BY device_id ORDER BY ms, id)),
     m AS (SELECT *, coalesce(unplugged AND drop_points >= 0, false) AS measured FROM paired)
     SELECT config_id AS configId, count(*) AS runs, sum(passed) AS passed, sum(phone_ms) AS phoneMs,
            sum(tokens) AS outputTokens, count(*) FILTER (WHERE measured) AS batteryRuns,
            coalesce(sum(drop_points) FILTER (WHERE measured), 0) AS batteryPoints,
            count(*) FILTER (WHERE measured AND passed = 1) AS batteryPassed
       FROM m GROUP BY ALL ORDER BY configId`,
  );
  return { configs: sums.map(costFromSums), note: COST_NOTE };
}

interface GroupRow extends RateMoments {
  sessionId: string;
  deviceId: string;
  runs: number;
  kind: "decode" | "prefill" | null;
}

export async function throttling(conn: Conn) {
  const rs = await rows<GroupRow>(
    conn,
    `WITH sel AS (
       SELECT id, session_id AS s, device_id AS d, config_id AS c, ${START_MS} AS ms,
              turn_output_tokens AS o, turn_decode_ms AS dm, turn_prompt_tokens AS p, turn_ttft_ms AS tm
         FROM run_facts WHERE ${W} AND turn_rows > 0),
     grp AS (SELECT s, d, min(ms) AS t0, count(*) AS runs, first(id ORDER BY ms, id) AS first_id FROM sel GROUP BY ALL),
     timed AS (SELECT sel.*, (sel.ms - grp.t0) / 60000 AS x FROM sel JOIN grp USING (s, d)),
     pts AS (
       SELECT s, d, c, 'decode' AS k, x, o / (dm / 1000) AS rate FROM timed WHERE dm > 0
       UNION ALL
       SELECT s, d, c, 'prefill', x, p / (tm / 1000) FROM timed WHERE tm > 0),
     ys AS (
       SELECT s, d, k, x, CASE WHEN median(rate) OVER (PARTITION BY s, d, k, c) > 0
                               THEN rate * median(rate) OVER (PARTITION BY s, d, k) / median(rate) OVER (PARTITION BY s, d, k, c)
                               ELSE rate END AS y
         FROM pts),
     fits AS (
       SELECT s, d, k, regr_count(y, x) AS n, regr_avgx(y, x) AS mx, regr_avgy(y, x) AS my, regr_sxx(y, x) AS sxx,
              regr_sxy(y, x) AS sxy, regr_syy(y, x) AS syy, max(x) - min(x) AS span
         FROM ys GROUP BY ALL)
     SELECT grp.s AS sessionId, grp.d AS deviceId, grp.runs, fits.k AS kind, fits.n, fits.mx AS meanX, fits.my AS meanY,
            fits.sxx, fits.sxy, fits.syy, fits.span AS spanMin
       FROM grp LEFT JOIN fits USING (s, d) ORDER BY grp.t0, grp.first_id`,
  );
  const groups = new Map<string, DeviceRateSums>();
  for (const r of rs) {
    const key = `${r.sessionId}\u0000${r.deviceId}`;
    const g = groups.get(key) ?? {
      sessionId: r.sessionId,
      deviceId: r.deviceId,
      runs: r.runs,
      decode: null,
      prefill: null,
    };
    groups.set(key, g);
    if (r.kind)
      g[r.kind] = { n: r.n, meanX: r.meanX, meanY: r.meanY, sxx: r.sxx, sxy: r.sxy, syy: r.syy, spanMin: r.spanMin };
  }
  const devices = throttlingFromSums([...groups.values()]).map((d) => ({ ...d, advice: throttlingAdvice(d) }));
  return { devices, flagged: devices.filter((d) => d.flagged).length };
}
