import { analytics as contract, sidesOf } from "@/contracts";
import { getContext } from "@/server/context";
import { readQuery, reply, route, otherMethods } from "@/server/http";
import { selectedFilter } from "@/server/analytics/resolveSelection";
import { trajectoryAnalytics } from "@/server/analytics/transitions";

export const GET = route(async (req: Request) => {
  const q = readQuery(contract.trajectories, req);
  const { a, b } = sidesOf(q);
  // `task` is the filter's own parameter; the service narrows to it and names it in its answer.
  return reply(
    contract.trajectories,
    200,
    await trajectoryAnalytics(
      getContext(),
      await selectedFilter(getContext(), q.filter, [q.aSession, q.bSession]),
      a,
      b,
      q.filter.task,
    ),
  );
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
