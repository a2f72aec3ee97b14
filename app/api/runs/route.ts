import { dashboard as contract } from "@/contracts";
import { getContext } from "@/server/context";
import { readQuery, reply, route, otherMethods } from "@/server/http";
import { listRuns } from "@/server/runs/listRuns";

export const GET = route(async (req: Request) => {
  const { filter, ...page } = readQuery(contract.listRuns, req);
  return reply(contract.listRuns, 200, await listRuns(getContext(), filter, page));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
