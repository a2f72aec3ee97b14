import { analytics as contract } from "@/contracts";
import { getContext } from "@/server/context";
import { readQuery, reply, route, otherMethods } from "@/server/http";
import { parseSteps } from "@/domain/analytics/steps";
import { selectedFilter } from "@/server/analytics/resolveSelection";
import { stepAnalytics } from "@/server/analytics/steps";

export const GET = route(async (req: Request) => {
  const { filter, step, pick } = readQuery(contract.steps, req);
  const picks = parseSteps(step.length ? step : pick);
  const ctx = getContext();
  const sessions = picks.map((p) => p.sessionId);
  return reply(contract.steps, 200, await stepAnalytics(ctx, await selectedFilter(ctx, filter, sessions), picks));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
