import { analytics as contract } from "@/contracts";
import { getContext } from "@/server/context";
import { readQuery, reply, route, otherMethods } from "@/server/http";
import { selectedFilter } from "@/server/analytics/resolveSelection";
import { proficiencyAnalytics } from "@/server/analytics/proficiency";

export const GET = route(async (req: Request) =>
  reply(
    contract.proficiency,
    200,
    await proficiencyAnalytics(
      getContext(),
      await selectedFilter(getContext(), readQuery(contract.proficiency, req).filter),
    ),
  ),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
