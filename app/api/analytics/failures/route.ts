import { analytics as contract } from "@/contracts";
import { getContext } from "@/server/context";
import { readQuery, reply, route, otherMethods } from "@/server/http";
import { selectedFilter } from "@/server/analytics/resolveSelection";
import { failureAnalytics } from "@/server/analytics/failures";

export const GET = route(async (req: Request) =>
  reply(
    contract.failures,
    200,
    await failureAnalytics(getContext(), await selectedFilter(getContext(), readQuery(contract.failures, req).filter)),
  ),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
