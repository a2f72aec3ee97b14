import { analytics as contract } from "@/contracts";
import { getContext } from "@/server/context";
import { readQuery, reply, route, otherMethods } from "@/server/http";
import { selectedFilter } from "@/server/analytics/resolveSelection";
import { throttlingAnalytics } from "@/server/analytics/throttling";

/** Per session × device: did decode or prefill slow down over the session (a hot phone)? docs/api.md § Throttling. */
export const GET = route(async (req: Request) => {
  const { filter } = readQuery(contract.throttling, req);
  return reply(
    contract.throttling,
    200,
    await throttlingAnalytics(getContext(), await selectedFilter(getContext(), filter)),
  );
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
