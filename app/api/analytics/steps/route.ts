import { analytics as contract } from "@/contracts";
import { getContext } from "@/server/context";
import { readQuery, reply, route, otherMethods } from "@/server/http";
import { parsePicks } from "@/domain/analytics/steps";
import { stepAnalytics } from "@/server/analytics/steps";

export const GET = route((req: Request) => {
  const { filter, pick } = readQuery(contract.steps, req);
  return reply(contract.steps, 200, stepAnalytics(getContext(), filter, parsePicks(pick)));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
