import { getContext } from "@/server/context";
import { analytics as contract } from "@/contracts";
import { readQuery, reply, route, otherMethods } from "@/server/http";
import { selectedFilter } from "@/server/analytics/resolveSelection";
import { stateAnalytics } from "@/server/analytics/states";

/** Latency figures split by thermal state at start and by charging. docs/api.md § Analytics. */
export const GET = route(async (req: Request) =>
  reply(
    contract.states,
    200,
    await stateAnalytics(getContext(), await selectedFilter(getContext(), readQuery(contract.states, req).filter)),
  ),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
