import { analytics as contract } from "@/contracts";
import { getContext } from "@/server/context";
import { readQuery, reply, route, otherMethods } from "@/server/http";
import { describeSelection } from "@/server/analytics/describeSelection";
import { resolveSelection } from "@/server/analytics/resolveSelection";

export const GET = route(async (req: Request) => {
  const ctx = getContext();
  return reply(
    contract.selection,
    200,
    await describeSelection(ctx, await resolveSelection(ctx, readQuery(contract.selection, req).filter)),
  );
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
