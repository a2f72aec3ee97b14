import { z } from "zod";
import { connorPairs, detectableDifference, tasksForPairs } from "../stats/sample-size";

/** `GET /api/plan` query: proportions as fractions (δ = 0.1 is ten points). */
export const PlanQuery = z.object({
  psi: z.coerce.number().gt(0).max(1).optional(),
  delta: z.coerce.number().gt(0).max(1).default(0.1),
  alpha: z.coerce.number().gt(0).lt(1).default(0.05),
  power: z.coerce.number().gt(0).lt(1).default(0.8),
  icc: z.coerce.number().min(0).max(1).optional(),
});
export type PlanQuery = z.infer<typeof PlanQuery>;

/** The planner's own parameters of a query string (the shared filter picks the sessions); "" is unset. */
export function parsePlanQuery(params: URLSearchParams) {
  const raw: Record<string, string> = {};
  for (const k of ["psi", "delta", "alpha", "power", "icc"]) {
    const v = params.get(k);
    if (v !== null && v.trim() !== "") raw[k] = v.trim();
  }
  return PlanQuery.safeParse(raw);
}

/** What past sessions say about ψ, the ICC and the suite (from `estimatePlan` in src/server). */
export interface PlanEvidence {
  sessions: string[];
  /** Runs paired by (session, task, repeat) across every two configs, and how many disagreed. */
  pairedRuns: number;
  discordant: number;
  /** Mean of the per-config ICCs that are defined; null when none is. */
  icc: number | null;
  /** Tasks with runs, and mean runs per config × task (the repeats). */
  tasks: number;
  repeats: number;
  thirdRepeat: ThirdRepeat;
}

/**
 * A cell's verdicts in repeat order: one session × task × config. Only the first three are read,
 * so `count` cells alike (the same verdicts so far) may be given as one.
 */
export interface RepeatCell {
  verdicts: readonly boolean[];
  /** How many cells this stands for; 1 when absent. */
  count?: number;
}
export interface ThirdRepeat {
  /** Cells with at least three repeats. */
  cells: number;
  /** Of those, cells whose first two repeats agreed and the third went the other way. */
  changed: number;
  /** Of those, cells whose first two repeats disagreed (the third broke the tie). */
  split: number;
}

/**
 * How often a third repeat told a researcher something the first two had not: over cells with
 * at least three repeats, `changed` counts those where repeats 1 and 2 agreed and repeat 3 went
 * the other way, `split` those where 1 and 2 already disagreed. When `changed` is near 0 the
 * third repeat was phone time better spent on more tasks.
 */
export function thirdRepeatEffect(cells: readonly RepeatCell[]): ThirdRepeat {
  let n = 0, changed = 0, split = 0; // prettier-ignore
  for (const c of cells) {
    if (c.verdicts.length < 3) continue;
    const w = c.count ?? 1;
    n += w;
    const [a, b, third] = c.verdicts;
    if (a !== b) split += w;
    else if (third !== a) changed += w;
  }
  return { cells: n, changed, split };
}

export interface Plan {
  alpha: number;
  power: number;
  delta: number;
  psi: number | null;
  psiSource: "given" | "sessions" | null;
  icc: number | null;
  iccSource: "given" | "sessions" | null;
  /** Connor's pairs for δ at ψ; null without ψ, or when δ > ψ (see `problem`). */
  pairs: number | null;
  /**
   * Tasks needed per number of repeats, from the design effect; null without an ICC. A task run m
   * times counts as `effectiveRepeats` = m ÷ (1 + (m − 1)·ICC) independent pairs.
   */
  tasksByRepeats: { repeats: number; effectiveRepeats: number; tasks: number; runs: number }[] | null;
  /** The smallest δ detectable with the sessions' suite as it is (tasks × effective repeats). */
  current: {
    tasks: number;
    repeats: number;
    effectiveRepeats: number;
    effectivePairs: number;
    detectable: number | null;
  } | null;
  /** The unit the plan is sized in, in one sentence. */
  unit: string;
  evidence: PlanEvidence | null;
  /** A sentence when the question cannot be answered as asked. */
  problem: string | null;
}

const REPEATS = [1, 2, 3, 5];

/**
 * The study planner: Connor's pairs for a difference δ (src/domain/stats/sample-size.ts), turned
 * into tasks × effective repeats with the design effect (the unit of the task-level tests), and the
 * smallest δ the current suite detects.
 * ψ and the ICC are the ones given, else the sessions' estimates (given values win).
 */
export function buildPlan(q: PlanQuery, evidence: PlanEvidence | null): Plan {
  const estimatedPsi = evidence && evidence.pairedRuns ? evidence.discordant / evidence.pairedRuns : null;
  const psi = q.psi ?? (estimatedPsi || null);
  const icc = q.icc ?? evidence?.icc ?? null;
  let problem: string | null = null;
  let pairs: number | null = null;
  if (psi === null) {
    problem = evidence
      ? "The selected sessions have no paired runs that disagree, so ψ cannot be estimated: enter the share of discordant pairs you expect."
      : "Enter ψ, the share of paired runs you expect to disagree, or pick sessions to estimate it from.";
  } else if (q.delta > psi) {
    problem = `A difference of ${Math.round(q.delta * 100)} points needs at least that share of discordant pairs; ψ is ${(psi * 100).toFixed(1)}%. Ask for a smaller difference or enter a larger ψ.`;
  } else {
    pairs = connorPairs(psi, q.delta, q.alpha, q.power);
  }
  const tasksByRepeats =
    pairs !== null && icc !== null
      ? REPEATS.map((m) => ({
          repeats: m,
          effectiveRepeats: m / (1 + (m - 1) * icc),
          tasks: tasksForPairs(pairs!, m, icc),
          runs: tasksForPairs(pairs!, m, icc) * m,
        }))
      : null;
  let current: Plan["current"] = null;
  if (evidence && evidence.tasks && psi !== null) {
    const deff = 1 + (evidence.repeats - 1) * (icc ?? 1);
    const effectivePairs = (evidence.tasks * evidence.repeats) / deff;
    current = {
      tasks: evidence.tasks,
      repeats: evidence.repeats,
      effectiveRepeats: evidence.repeats / deff,
      effectivePairs,
      detectable: detectableDifference(effectivePairs, psi, q.alpha, q.power),
    };
  }
  return {
    alpha: q.alpha,
    power: q.power,
    delta: q.delta,
    psi,
    psiSource: q.psi !== undefined ? "given" : psi !== null ? "sessions" : null,
    icc,
    iccSource: q.icc !== undefined ? "given" : icc !== null ? "sessions" : null,
    pairs,
    tasksByRepeats,
    current,
    evidence,
    problem,
    unit: PLAN_UNIT,
  };
}

/** The planner's unit, as the compare page and the gate test: the task, with repeats worth what their agreement leaves. */
export const PLAN_UNIT =
  "Sized in tasks, the unit Compare and the gate test: a task run m times counts as m ÷ (1 + (m − 1) × ICC) independent pairs (its effective repeats), so when repeats of a task agree (ICC near 1, as in the study) a repeat adds almost nothing and only more tasks buy power.";
