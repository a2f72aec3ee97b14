import "server-only";
import { z } from "zod";
import type { Ctx } from "../context";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import type { TtftPoints } from "@/domain/analytics/ttft";
import { MAX_SCATTER_POINTS, samplePlan } from "@/domain/analytics/ttftChart";
import { int, plainNum } from "../store/columns";
import { COLD_LOAD, FROM_FACTS, factsWhere } from "./where";

/**
 * The scatter's points with a stable integer key each: a turn's (score id, index), or a run's
 * score id for a load (the two kinds are told apart by `k` so their keys never tie in the sample
 * order). Both engines number scores alike, so they draw the same sample (SQLite's turn rowid has
 * no PostgreSQL counterpart).
 */
function pointsSql(points: TtftPoints, where: string): string {
  const turns = `SELECT r.config_id AS "configId", r.build_commit AS "build", t.prompt_tokens AS x, t.ttft_ms AS y, 0 AS k,
                        r.score_id * 4096 + t.idx AS "key"
                   FROM ${FROM_FACTS} JOIN turns t ON t.run_id = r.id WHERE ${where}`;
  const loads = `SELECT r.config_id AS "configId", r.build_commit AS "build", r.startup_tokens AS x, r.load_ms AS y, 1 AS k, r.score_id AS "key"
                   FROM ${FROM_FACTS} WHERE ${where} AND ${COLD_LOAD}`;
  return points === "turns" ? turns : points === "loads" ? loads : `${turns} UNION ALL ${loads}`;
}

/**
 * Knuth's multiplicative hash of a non-negative integer key, (key × 2654435761) mod 2³², in SQL
 * that never leaves 64-bit integers: key × 2654435761 overflows them once the key passes 3.5·10⁹
 * (a score id past ~850k, turns keyed × 4096), which PostgreSQL refuses ("bigint out of range")
 * and SQLite turns into an inexact float. With a = key mod 2³² and 2654435761 = 40503·2¹⁶ + 31153,
 * the hash is (((a mod 2¹⁶)·40503 mod 2¹⁶)·2¹⁶ + a·31153) mod 2³², every product below 2⁴⁷;
 * equal to the plain product's residue wherever that does not overflow.
 */
export function knuthHashSql(key: string): string {
  const a = `((${key}) % 4294967296)`;
  return `(((((${a} % 65536) * 40503) % 65536) * 65536 + ${a} * 31153) % 4294967296)`;
}

// Up to 3,000 rows per call: four plain fields, parsed cheaply.
const Point = z.object({ configId: z.string(), build: z.string(), x: plainNum, y: plainNum });

/**
 * `GET /api/analytics/ttft/points`: the points behind the TTFT fit, for drawing. Large selections
 * are sampled in SQL: the `max` rows with the smallest Knuth multiplicative hash of their key
 * (`knuthHashSql`), which is deterministic and spread over the whole selection. The fit
 * itself (`ttftAnalytics`) always uses every point.
 */
export async function ttftPoints(
  ctx: Ctx,
  filter: AnalyticsFilter,
  points: TtftPoints = "turns",
  max = MAX_SCATTER_POINTS,
) {
  const w = factsWhere(filter);
  const text = pointsSql(points, w.sql);
  const params = points === "all" ? [...w.params, ...w.params] : w.params;
  const sql = await ctx.store.facts();
  const count = await sql.get(
    z.object({ total: int }),
    `SELECT COUNT(*) AS "total" FROM (${text}) p WHERE x IS NOT NULL AND y IS NOT NULL`,
    params,
  );
  const plan = samplePlan(count?.total ?? 0, max);
  const rows = await sql.all(
    Point,
    `SELECT "configId", "build", x, y FROM (${text}) p WHERE x IS NOT NULL AND y IS NOT NULL
      ORDER BY ${knuthHashSql('"key"')}, k, "key" LIMIT ?`,
    [...params, plan.shown],
  );
  return { points, total: plan.total, shown: rows.length, sampled: plan.sampled, data: rows };
}
