import { analytics as contract } from "@/contracts";
import { getContext } from "@/server/context";
import { readQuery, reply, route, otherMethods } from "@/server/http";
import { selectedFilter } from "@/server/analytics/resolveSelection";
import { ttftAnalytics } from "@/server/analytics/ttft";

export const GET = route(async (req: Request) => {
  const { filter, points, a, b } = readQuery(contract.ttft, req);
  return reply(
    contract.ttft,
    200,
    await ttftAnalytics(
      getContext(),
      await selectedFilter(getContext(), await selectedFilter(getContext(), filter)),
      points,
      { a, b },
    ),
  );
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
