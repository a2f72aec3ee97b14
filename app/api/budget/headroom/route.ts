import { budget as contract } from "@/contracts";
import { headroom } from "@/server/budget/headroom";
import { getContext } from "@/server/context";
import { readQuery, reply, route, otherMethods } from "@/server/http";

export const GET = route(async (req: Request) => {
  return reply(contract.headroom, 200, await headroom(getContext(), readQuery(contract.headroom, req)));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
