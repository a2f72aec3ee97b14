import { z } from "zod";
import { bool, int, num, str } from "./common";

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
  tasksByRepeats: z.array(z.object({ repeats: int(), tasks: int(), runs: int() })).nullable(),
  current: z.object({ tasks: int(), repeats: num(), effectivePairs: num(), detectable: nnum() }).nullable(),
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
});

const GateSide = z.object({ session: str(), config: str().optional() });
/** `GET /api/gate`: src/domain/gate/types.ts's `GateReport`, its compare link and markdown. */
export const GateResponse = z.object({
  baseline: GateSide,
  candidate: GateSide,
  alpha: num(),
  familySize: int(),
  noise: z.object({ loadMs: num(), turnMs: num(), source: z.enum(["aa", "default"]), sessions: z.array(str()) }),
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
      worse: bool(),
      regression: bool(),
    }),
  ),
  regressions: z.array(str()),
  compareUrl: str(),
  markdown: str(),
});
