import { analytics as contract, sidesOf } from "@/contracts";
import { getContext } from "@/server/context";
import { readQuery, reply, route, otherMethods } from "@/server/http";
import { selectedFilter } from "@/server/analytics/resolveSelection";
import { transitionAnalytics } from "@/server/analytics/transitions";

export const GET = route(async (req: Request) => {
  const q = readQuery(contract.transitions, req);
  const { a, b } = sidesOf(q);
  return reply(
    contract.transitions,
    200,
    await transitionAnalytics(
      getContext(),
      await selectedFilter(getContext(), q.filter, [q.aSession, q.bSession]),
      a,
      b,
    ),
  );
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
