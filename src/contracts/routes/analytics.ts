import { z } from "zod";
import { SIDES, SIDES_ERROR, filterQuery } from "../query";
import { defineRoute, type ApiRoute } from "../route";
import * as S from "../schemas/analytics";
import { text } from "./params";

const FILTER_ERROR = "Some filters are not valid; fix the query parameters listed in `issues`.";
const POINTS = "must be turns, loads or all";
const points = {
  wire: text("turns (default): first-turn prefill per turn; loads: model loads; all: both."),
  value: z.enum(["turns", "loads", "all"], { error: POINTS }).default("turns"),
};

/** An analytics view: GET, the shared filter (plus `extra`), one JSON body. */
function view<const R extends Pick<ApiRoute, "id" | "path" | "summary">, Q extends z.ZodType, B extends z.ZodType>(
  r: R,
  query: Q,
  schema: B,
  queryError = FILTER_ERROR,
) {
  return defineRoute({
    ...r,
    method: "GET",
    tag: "analytics",
    auth: "admin",
    query,
    queryError,
    responses: { 200: { description: "The view's data.", schema } },
    errors: ["invalid_request"],
  });
}

export const selection = view(
  {
    id: "analyticsSelection",
    path: "/api/analytics/selection",
    summary:
      "Which sessions the other views read for this filter (the newest one when none is named), unknown ids, and what they mix.",
  },
  filterQuery({}),
  S.SelectionResponse,
);
export const configs = view(
  {
    id: "analyticsConfigs",
    path: "/api/analytics/configs",
    summary: "Per config: pass rate with Wilson interval, by group, outcomes and medians.",
  },
  filterQuery({}),
  S.ConfigsResponse,
);
export const ttft = view(
  {
    id: "analyticsTtft",
    path: "/api/analytics/ttft",
    summary: "Prefill fit (ms per token), predicted loads per config, one fit per device × build.",
  },
  filterQuery({
    points,
    a: { wire: text("Config whose predicted load is contrasted with b's."), value: z.string().optional() },
    b: { wire: text("Config to contrast with a."), value: z.string().optional() },
  }),
  S.TtftResponse,
  "`points` is `turns` (default), `loads` or `all`; filters as listed in `issues`.",
);
export const ttftPoints = view(
  {
    id: "analyticsTtftPoints",
    path: "/api/analytics/ttft/points",
    summary: "The scatter's points: at most `max`, a sample fixed by a hash of the row id.",
  },
  filterQuery({
    points,
    max: {
      wire: text("At most this many points, 0–20000 (default 3000)."),
      value: z.coerce
        .number({ error: "must be an integer from 0 to 20000" })
        .int("must be an integer from 0 to 20000")
        .min(0, "must be an integer from 0 to 20000")
        .max(20_000, "must be an integer from 0 to 20000")
        .default(3000),
    },
  }),
  S.TtftPointsResponse,
  "`points` is `turns` (default), `loads` or `all`, and `max` a whole number of points from 0 to 20000.",
);
export const compare = view(
  {
    id: "analyticsCompare",
    path: "/api/analytics/compare",
    summary:
      "Config a against b with the task as the unit: tasks improved/degraded, the sign-flip permutation, sign and task-paired McNemar p, the A/A calibration and like-for-like warnings.",
  },
  filterQuery(SIDES),
  S.CompareResponse,
  SIDES_ERROR,
);
export const family = view(
  {
    id: "analyticsCompareFamily",
    path: "/api/analytics/compare/family",
    summary: "Several comparisons at once with Benjamini–Hochberg adjusted p-values.",
  },
  filterQuery({
    mode: {
      wire: text("baseline (default): each config against one; consecutive: each against the one before."),
      value: z.enum(["baseline", "consecutive"], { error: "baseline or consecutive" }).default("baseline"),
    },
    baseline: { wire: text("The baseline config (mode=baseline)."), value: z.string().optional() },
  }),
  S.FamilyResponse,
  "`mode` is `baseline` (each config against one) or `consecutive` (each config against the one before).",
);
export const tasks = view(
  { id: "analyticsTasks", path: "/api/analytics/tasks", summary: "The task × config grid of runs and passes." },
  filterQuery({}),
  S.TasksResponse,
);
export const outcomes = view(
  {
    id: "analyticsOutcomes",
    path: "/api/analytics/outcomes",
    summary: "Outcome counts per config for all tasks, tasks that need files and multi-step tasks.",
  },
  filterQuery({}),
  S.OutcomesResponse,
);
export const context = view(
  {
    id: "analyticsContext",
    path: "/api/analytics/context",
    summary: "Peak context per run on multi-step tasks against the window.",
  },
  filterQuery({}),
  S.ContextResponse,
);
export const progress = view(
  {
    id: "analyticsProgress",
    path: "/api/analytics/progress",
    summary: "Milestone trajectories: per config the majority path and how runs ended.",
  },
  filterQuery({}),
  S.ProgressResponse,
);
export const failures = view(
  {
    id: "analyticsFailures",
    path: "/api/analytics/failures",
    summary: "Failure patterns: per failing task × config the most common call sequence.",
  },
  filterQuery({}),
  S.FailuresResponse,
);
export const steps = view(
  {
    id: "analyticsSteps",
    path: "/api/analytics/steps",
    summary:
      "Ablation steps, each a (session, config) pair: pass counts per group, start-up tokens and load; the pairs to pick from.",
  },
  filterQuery({
    step: {
      wire: z.array(z.string()).optional().meta({
        description:
          "`<session>:<config>`: one step, repeat in order. None: one step per config of the selected sessions, from the session with most runs of it (ties: the newest).",
      }),
      value: z.array(z.string()).default([]),
    },
    pick: {
      wire: z
        .array(z.string())
        .optional()
        .meta({ description: "The former name of `step`, read the same way when no `step` is given." }),
      value: z.array(z.string()).default([]),
    },
  }),
  S.StepsResponse,
);
export const proficiency = view(
  {
    id: "analyticsProficiency",
    path: "/api/analytics/proficiency",
    summary: "Per config pass@1, pass^k, re-patches and tokens per run; context management counts.",
  },
  filterQuery({}),
  S.ProficiencyResponse,
);
export const throttling = view(
  {
    id: "analyticsThrottling",
    path: "/api/analytics/throttling",
    summary: "Per session × device: did decode or prefill slow down over the session (a hot phone)?",
  },
  filterQuery({}),
  S.ThrottlingResponse,
);
export const transitions = view(
  {
    id: "analyticsTransitions",
    path: "/api/analytics/transitions",
    summary: "a's outcome against b's over runs paired by task and repeat.",
  },
  filterQuery(SIDES),
  S.TransitionsResponse,
  SIDES_ERROR,
);
export const trajectories = view(
  {
    id: "analyticsTrajectories",
    path: "/api/analytics/trajectories",
    summary: "Per shared task (or the filter's `task`), both sides' call paths and where they part.",
  },
  filterQuery(SIDES),
  S.TrajectoriesResponse,
  SIDES_ERROR,
);
export const cost = view(
  {
    id: "analyticsCost",
    path: "/api/analytics/cost",
    summary: "Per config: phone seconds, output tokens and battery (approximate) per successful task.",
  },
  filterQuery({}),
  S.CostResponse,
);
export const states = view(
  {
    id: "analyticsStates",
    path: "/api/analytics/states",
    summary: "Load, turn time and the TTFT fit split by thermal state at start and by charging, with counts.",
  },
  filterQuery({}),
  S.StatesResponse,
);
