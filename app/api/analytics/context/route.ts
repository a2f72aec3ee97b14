import { analytics as contract } from "@/contracts";
import { getContext } from "@/server/context";
import { readQuery, reply, route, otherMethods } from "@/server/http";
import { selectedFilter } from "@/server/analytics/resolveSelection";
import { peakContextAnalytics } from "@/server/analytics/peakContext";

export const GET = route(async (req: Request) =>
  reply(
    contract.context,
    200,
    await peakContextAnalytics(
      getContext(),
      await selectedFilter(getContext(), readQuery(contract.context, req).filter),
    ),
  ),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
