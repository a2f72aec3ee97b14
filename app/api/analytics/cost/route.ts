import { getContext } from "@/server/context";
import { analytics as contract } from "@/contracts";
import { readQuery, reply, route, otherMethods } from "@/server/http";
import { selectedFilter } from "@/server/analytics/resolveSelection";
import { costAnalytics } from "@/server/analytics/cost";

/** Per config: phone seconds, output tokens and battery per successful task. docs/api.md § Analytics. */
export const GET = route(async (req: Request) =>
  reply(
    contract.cost,
    200,
    await costAnalytics(getContext(), await selectedFilter(getContext(), readQuery(contract.cost, req).filter)),
  ),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
