import { z } from "zod";
import { PlanQuery } from "@/domain/analytics/plan";
import { filterQuery } from "../query";
import { defineRoute } from "../route";
import * as S from "../schemas/plan";
import { params, text } from "./params";

/** Planner parameters; blank counts as unset (as `parsePlanQuery` did). */
const planParam = <K extends keyof typeof PlanQuery.shape>(k: K, description: string) => ({
  wire: text(description),
  value: PlanQuery.shape[k],
});

export const plan = defineRoute({
  id: "plan",
  method: "GET",
  path: "/api/plan",
  tag: "analytics",
  auth: "admin",
  summary:
    "The study planner: Connor's pairs for a difference δ, tasks × repeats, and what the selected sessions can detect.",
  query: filterQuery({
    psi: planParam("psi", "Expected share of discordant pairs, 0–1 (default: estimated from the sessions)."),
    delta: planParam("delta", "The difference to detect, 0–1 (default 0.1, ten points)."),
    alpha: planParam("alpha", "Significance level, 0–1 (default 0.05)."),
    power: planParam("power", "Power, 0–1 (default 0.8)."),
    icc: planParam("icc", "Intra-class correlation, 0–1 (default: estimated from the sessions)."),
  }),
  queryError:
    "Some planner parameters are not valid: give psi, delta, alpha and power as fractions between 0 and 1 (delta=0.1 is ten points).",
  responses: { 200: { description: "The plan.", schema: S.PlanResponse } },
  errors: ["invalid_request"],
});

export const gate = defineRoute({
  id: "gate",
  method: "GET",
  path: "/api/gate",
  tag: "analytics",
  auth: "admin",
  summary:
    "The regression gate: the candidate against the baseline (pass rates, outcomes, latency), as JSON or markdown.",
  query: params(
    {
      baseline: text("SESSION or SESSION:CONFIG (required)."),
      candidate: text("SESSION or SESSION:CONFIG (required)."),
      alpha: text("Significance level, 0–1 (default 0.05)."),
      margin: text(
        "Latency margins as relative changes, e.g. `load=0.1,turn=0.1,ttft=0.05` (the defaults); a change is a regression only when its interval lies wholly above its margin.",
      ),
      format: text("json (default) or markdown (`text/markdown`, the pull request comment)."),
    },
    {
      baseline: z.string().min(1).max(210),
      candidate: z.string().min(1).max(210),
      alpha: z.coerce.number().gt(0).lt(1).default(0.05),
      margin: z.string().max(200).optional(),
      format: z.enum(["json", "markdown"]).default("json"),
    },
  ),
  queryError:
    "Give `baseline=SESSION[:CONFIG]&candidate=SESSION[:CONFIG]`, optionally `alpha` (0–1), `margin=load=0.1,turn=0.1,ttft=0.05` and `format=json|markdown`.",
  responses: {
    200: { description: "The gate's report (`format=markdown`: the same as text/markdown).", schema: S.GateResponse },
  },
  errors: ["invalid_request", "not_found"],
});
