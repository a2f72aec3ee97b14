import { analytics as contract } from "@/contracts";
import { getContext } from "@/server/context";
import { readQuery, reply, route, otherMethods } from "@/server/http";
import { selectedFilter } from "@/server/analytics/resolveSelection";
import { compareAnalytics } from "@/server/analytics/compare";

export const GET = route(async (req: Request) => {
  const { filter, a, b, aSession, bSession } = readQuery(contract.compare, req);
  return reply(
    contract.compare,
    200,
    await compareAnalytics(
      getContext(),
      await selectedFilter(getContext(), filter, [aSession, bSession]),
      { config: a, session: aSession },
      { config: b, session: bSession },
    ),
  );
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
