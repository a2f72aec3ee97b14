import { analytics as contract } from "@/contracts";
import { getContext } from "@/server/context";
import { readQuery, reply, route, otherMethods } from "@/server/http";
import { selectedFilter } from "@/server/analytics/resolveSelection";
import { ttftPoints } from "@/server/analytics/ttftPoints";

export const GET = route(async (req: Request) => {
  const { filter, points, max } = readQuery(contract.ttftPoints, req);
  return reply(
    contract.ttftPoints,
    200,
    await ttftPoints(
      getContext(),
      await selectedFilter(getContext(), await selectedFilter(getContext(), filter)),
      points,
      max,
    ),
  );
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
