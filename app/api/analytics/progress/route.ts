import { analytics as contract } from "@/contracts";
import { getContext } from "@/server/context";
import { readQuery, reply, route, otherMethods } from "@/server/http";
import { selectedFilter } from "@/server/analytics/resolveSelection";
import { progressAnalytics } from "@/server/analytics/progress";

export const GET = route(async (req: Request) =>
  reply(
    contract.progress,
    200,
    await progressAnalytics(getContext(), await selectedFilter(getContext(), readQuery(contract.progress, req).filter)),
  ),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
