import { analytics as contract } from "@/contracts";
import { getContext } from "@/server/context";
import { readQuery, reply, route, otherMethods } from "@/server/http";
import { selectedFilter } from "@/server/analytics/resolveSelection";
import { configAnalytics } from "@/server/analytics/configs";

export const GET = route(async (req: Request) =>
  reply(
    contract.configs,
    200,
    await configAnalytics(getContext(), await selectedFilter(getContext(), readQuery(contract.configs, req).filter)),
  ),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
