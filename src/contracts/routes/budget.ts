import { z } from "zod";
import { BudgetQuery, CountRequest, SaveConfigRequest } from "@/domain/budget/schema";
import { defineRoute } from "../route";
import * as S from "../schemas/budget";
import { BODY_ERRORS, params, text } from "./params";

const QUERY_ERROR = "Some parameters are not valid; fix the ones listed in `issues`.";
const selection = {
  suite: text("Suite id (default: the default suite); always its newest version."),
  session: z.array(z.string()).optional().meta({
    description:
      "A session whose runs are measured; repeat for several. None: the suite's newest session with runs that is neither a trial nor an A/A calibration (`allSessions=1`: every session).",
  }),
  allSessions: text("Pool every session when no `session` is named: `1`/`true` or `0`/`false`."),
  device: text("Device whose runs the prefill line is fitted to."),
  build: text("Build commit whose runs the prefill line is fitted to."),
};

export const count = defineRoute({
  id: "budgetCount",
  method: "POST",
  path: "/api/budget/count",
  tag: "budget",
  auth: "admin",
  summary: "Start-up tokens of a system prompt and tool definitions as Gemma's chat template renders them.",
  body: CountRequest,
  responses: { 200: { description: "The count.", schema: S.CountResponse } },
  errors: BODY_ERRORS,
});
export const overview = defineRoute({
  id: "budget",
  method: "GET",
  path: "/api/budget",
  tag: "budget",
  auth: "admin",
  summary: "Start-up tokens, predicted and measured load per config of a suite, and a contrast of two.",
  query: params(
    {
      ...selection,
      points: text("loads (default), turns or all."),
      a: text("Config to contrast."),
      b: text("Config to contrast it with."),
    },
    BudgetQuery.shape,
  ),
  queryError: QUERY_ERROR,
  responses: { 200: { description: "The budget.", schema: S.BudgetResponse } },
  errors: ["invalid_request", "not_found"],
});
export const headroom = defineRoute({
  id: "budgetHeadroom",
  method: "GET",
  path: "/api/budget/headroom",
  tag: "budget",
  auth: "admin",
  summary: "Context left after start-up and at the peak, per config, with the runs that overflowed.",
  query: params(
    { ...selection, points: text("Ignored here."), a: text("Ignored here."), b: text("Ignored here.") },
    BudgetQuery.shape,
  ),
  queryError: QUERY_ERROR,
  responses: { 200: { description: "The headroom.", schema: S.HeadroomResponse } },
  errors: ["invalid_request", "not_found"],
});
export const saveConfig = defineRoute({
  id: "budgetSaveConfig",
  method: "POST",
  path: "/api/budget/configs",
  tag: "budget",
  auth: "admin",
  summary: "Save an edited system prompt and tools as a new config version in a new suite version.",
  body: SaveConfigRequest,
  responses: { 201: { description: "The new suite and config versions.", schema: S.SaveConfigResponse } },
  errors: [...BODY_ERRORS, "invalid_suite", "not_found", "conflict"],
});
