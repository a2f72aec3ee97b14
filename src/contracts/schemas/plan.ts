import { z } from "zod";
import { bool, int, num, str } from "./common";
import { NullRejection } from "./analytics";

const nnum = () => num().nullable();
const source = () => z.enum(["given", "sessions"]).nullable();

/** `GET /api/plan`: src/domain/analytics/plan.ts's `Plan`. */
export const PlanResponse = z.object({
  alpha: num(),
  power: num(),
  delta: num(),
  psi: nnum(),
  psiSource: source(),
  icc: nnum(),
  iccSource: source(),
  pairs: int().nullable(),
  tasksByRepeats: z.array(z.object({ repeats: int(), effectiveRepeats: num(), tasks: int(), runs: int() })).nullable(),
  current: z
    .object({ tasks: int(), repeats: num(), effectiveRepeats: num(), effectivePairs: num(), detectable: nnum() })
    .nullable(),
  evidence: z
    .object({
      sessions: z.array(str()),
      pairedRuns: int(),
      discordant: int(),
      icc: nnum(),
      tasks: int(),
      repeats: num(),
      thirdRepeat: z.object({ cells: int(), changed: int(), split: int() }),
    })
    .nullable(),
  problem: str().nullable(),
  unit: str().meta({ description: "The unit the plan is sized in (issue 31: the task)." }),
});

const GateSide = z.object({ session: str(), config: str().optional() });
const fraction = (description: string) => num().meta({ description });
/** `GET /api/gate`: src/domain/gate/types.ts's `GateReport`, its compare link and markdown. */
export const GateResponse = z.object({
  baseline: GateSide,
  candidate: GateSide,
  plan: z
    .object({
      session: str(),
      sha256: str(),
      a: str(),
      b: str(),
      metric: str(),
      alpha: num(),
      latencyMarginPct: num().optional(),
      minRepeats: int(),
      maxRepeats: int(),
      stoppingRule: str(),
      planned: bool().meta({
        description: "This gate is the plan's comparison (its pair in its session, at its α); false: exploratory.",
      }),
      text: str().meta({ description: "The plan, its hash and the gate's standing in one sentence." }),
    })
    .nullable()
    .meta({
      description:
        "(added, issue 36.3) The baseline's (else the candidate's) session's pre-registered plan, or null when neither has one.",
    }),
  alpha: num(),
  familySize: int().meta({ description: "Pass-rate and outcome checks, adjusted together by Benjamini–Hochberg." }),
  tasks: int().meta({ description: "Tasks run on both sides: the unit of the pass-rate and outcome checks." }),
  margins: z
    .object({
      load: fraction("Model load, relative change (0.1 = 10%)."),
      turn: fraction("Turn time, relative change."),
      ttft: fraction("TTFT slope (ms per prompt token), relative change."),
    })
    .meta({ description: "Latency changes below these are never a regression." }),
  noise: z
    .object({
      load: nnum(),
      turn: nnum(),
      ttft: nnum(),
      source: z.enum(["calibration", "none"]),
      sessions: z.array(str()).meta({ description: "The declared A/A calibration sessions the noise came from." }),
      aaRejected: int(),
      aaCompared: int(),
    })
    .meta({
      description:
        "A/A noise from declared calibration sessions of the same build, config and phone model (never from other sessions); `none`: the margins alone.",
    }),
  calibration: NullRejection.meta({
    description:
      "How often the pass-rate and outcome checks fail the gate on this data with a and b swapped at random within each task.",
  }),
  method: str().meta({ description: "The unit and the tests in plain sentences." }),
  warnings: z
    .array(str())
    .meta({ description: "What the gate could not judge, e.g. too few tasks for a pass-rate check to fail." }),
  regression: bool(),
  checks: z.array(
    z.object({
      id: str(),
      kind: z.enum(["pass_rate", "outcome", "latency"]),
      label: str(),
      test: str(),
      baseline: str(),
      candidate: str(),
      effect: nnum(),
      effectText: str(),
      direction: z.enum(["up", "down", "same"]),
      p: nnum(),
      pAdjusted: nnum(),
      ci: z.tuple([num(), num()]).nullable().meta({ description: "Latency: 95% interval of the relative change." }),
      threshold: nnum().meta({ description: "Latency: the larger of the margin and the A/A noise." }),
      verdict: z.enum(["regression", "within_margin", "no_change", "faster"]).nullable(),
      worse: bool(),
      regression: bool(),
    }),
  ),
  regressions: z.array(str()),
  compareUrl: str(),
  markdown: str(),
});
