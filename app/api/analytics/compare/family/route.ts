import { analytics as contract } from "@/contracts";
import { getContext } from "@/server/context";
import { readQuery, reply, route, otherMethods } from "@/server/http";
import { selectedFilter } from "@/server/analytics/resolveSelection";
import { compareFamily } from "@/server/analytics/family";

export const GET = route(async (req: Request) => {
  const { filter, mode, baseline } = readQuery(contract.family, req);
  return reply(
    contract.family,
    200,
    await compareFamily(
      getContext(),
      await selectedFilter(getContext(), await selectedFilter(getContext(), filter)),
      mode,
      baseline,
    ),
  );
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
