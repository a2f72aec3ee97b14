import { analytics as contract } from "@/contracts";
import { getContext } from "@/server/context";
import { readQuery, reply, route, otherMethods } from "@/server/http";
import { selectedFilter } from "@/server/analytics/resolveSelection";
import { taskGrid } from "@/server/analytics/grid";

export const GET = route(async (req: Request) =>
  reply(
    contract.tasks,
    200,
    await taskGrid(getContext(), await selectedFilter(getContext(), readQuery(contract.tasks, req).filter)),
  ),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
