import { analytics as contract } from "@/contracts";
import { getContext } from "@/server/context";
import { readQuery, reply, route, otherMethods } from "@/server/http";
import { selectedFilter } from "@/server/analytics/resolveSelection";
import { outcomeAnalytics } from "@/server/analytics/grid";

export const GET = route(async (req: Request) =>
  reply(contract.outcomes, 200, {
    outcomes: await outcomeAnalytics(
      getContext(),
      await selectedFilter(getContext(), readQuery(contract.outcomes, req).filter),
    ),
  }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
