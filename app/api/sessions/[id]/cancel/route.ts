import { dashboard as contract } from "@/contracts";
import { getContext } from "@/server/context";
import { reply, route, otherMethods } from "@/server/http";
import { cancelSession } from "@/server/sessions/cancelSession";

export const POST = route(async (_req: Request, { params }: { params: Promise<{ id: string }> }) => {
  const ctx = getContext();
  return reply(contract.cancelSession, 200, await cancelSession(ctx, (await params).id));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
