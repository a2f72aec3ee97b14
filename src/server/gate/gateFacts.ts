import "server-only";
import { z } from "zod";
import type { Ctx } from "../context";
import { dialectOf } from "../store/dialect";
import { flag, int, num, numOrNull } from "../store/columns";
import { AnalyticsFilter } from "@/domain/analytics/filter";
import { calibrationArm } from "@/domain/sessions/calibration";
import type { CalibrationArms, GateFacts, GateRun, GateSide } from "@/domain/gate/types";
import { FROM_FACTS, factsWhere } from "../analytics/where";

const RunRow = z.object({
  t: z.string(),
  g: z.string(),
  c: z.string(),
  k: int,
  p: flag,
  o: z.string(),
  load: numOrNull,
  n: int,
  sx: num,
  sy: num,
  sxx: num,
  sxy: num,
  dec: num,
});

/** A side's scored runs (trial or not, superseded and unscorable ones left out) as the gate reads them. */
async function sideRuns(ctx: Ctx, f: AnalyticsFilter): Promise<(GateRun & { repeat: number })[]> {
  const w = factsWhere(f);
  const sql = await ctx.store.facts();
  const d = dialectOf(sql);
  const rows = await sql.all(
    RunRow,
    `SELECT r.task_id AS "t", r.task_group AS "g", r.config_id AS "c", r.repeat AS "k", r.passed AS "p", r.outcome AS "o",
            r.load_ms AS "load", r.turn_rows AS "n", r.turn_prompt_tokens AS "sx", r.turn_ttft_ms AS "sy",
            r.turn_prompt_sq AS "sxx", r.turn_prompt_ttft AS "sxy", r.turn_decode_ms AS "dec"
       FROM ${FROM_FACTS} WHERE ${w.sql} ORDER BY ${d.collateC("r.id")}`,
    w.params,
  );
  return rows.map((r) => ({
    taskId: r.t,
    group: r.g,
    configId: r.c,
    repeat: r.k,
    passed: r.p,
    outcome: r.o,
    loadMs: r.load,
    turns: { n: r.n, sx: r.sx, sy: r.sy, sxx: r.sxx, sxy: r.sxy },
    turnMs: r.n > 0 ? (r.sy + r.dec) / r.n : null,
  }));
}

/** A side's runs as an analytics filter: its session (trial or not), its config if named. */
const sideFilter = (s: GateSide): AnalyticsFilter =>
  AnalyticsFilter.parse({ sessions: [s.session], config: s.config, includeTrial: true });

const Value = z.object({ v: z.string() });
const Calib = z.object({ id: z.string(), configs: z.string() });

/**
 * The declared A/A calibration sessions that match the baseline: not trial, not cancelled, their
 * one config among the baseline's configs, with runs on the baseline's app build and on one of its
 * phone models. Never any other session: a trial, an unrested hot phone or an imported copy says
 * nothing about this phone's noise. Each is split into its two arms by repeat parity.
 */
async function calibrationArms(ctx: Ctx, baseline: GateSide, candidate: GateSide): Promise<CalibrationArms[]> {
  const { sql } = ctx.store;
  const cfg = baseline.config ? " AND r.config_id = ?" : "";
  const params = baseline.config ? [baseline.session, baseline.config] : [baseline.session];
  const values = async (col: string) =>
    (
      await sql.all(
        Value,
        `SELECT DISTINCT ${col} AS "v" FROM runs r WHERE r.session_id = ?${cfg} AND r.superseded = FALSE`,
        params,
      )
    ).map((x) => x.v);
  const [builds, models, configs] = await Promise.all([
    values("r.build_commit"),
    values("r.device_model"),
    values("r.config_id"),
  ]);
  if (builds.length !== 1 || !models.length) return [];
  const marks = models.map(() => "?").join(", ");
  const found = await sql.all(
    Calib,
    `SELECT s.id AS "id", s.config_ids AS "configs" FROM sessions s
      WHERE s.calibration = TRUE AND s.trial = FALSE AND s.cancelled_at IS NULL AND s.id NOT IN (?, ?)
        AND EXISTS (SELECT 1 FROM runs r WHERE r.session_id = s.id AND r.build_commit = ? AND r.device_model IN (${marks}))
      ORDER BY s.created_at, s.id`,
    [baseline.session, candidate.session, builds[0], ...models],
  );
  const out: CalibrationArms[] = [];
  for (const s of found) {
    const ids = JSON.parse(s.configs) as string[];
    if (ids.length !== 1 || !configs.includes(ids[0])) continue;
    const runs = await sideRuns(
      ctx,
      AnalyticsFilter.parse({ sessions: [s.id], config: ids[0], build: builds[0], includeTrial: true }),
    );
    out.push({
      session: s.id,
      arm1: runs.filter((r) => calibrationArm(r.repeat) === 1),
      arm2: runs.filter((r) => calibrationArm(r.repeat) === 2),
    });
  }
  return out;
}

/**
 * Everything the gate tests (src/domain/gate/evaluate.ts): each side's scored runs, one row per run
 * with its task, config, verdict, outcome, model load, mean turn time and its turns' sums for the
 * TTFT fit, and the matching declared calibration sessions split into their arms.
 */
export async function gateFacts(ctx: Ctx, baseline: GateSide, candidate: GateSide): Promise<GateFacts> {
  const [a, b, calibration] = await Promise.all([
    sideRuns(ctx, sideFilter(baseline)),
    sideRuns(ctx, sideFilter(candidate)),
    calibrationArms(ctx, baseline, candidate),
  ]);
  return { baseline, candidate, runs: { baseline: a, candidate: b }, calibration };
}
