import { dashboard as contract } from "@/contracts";
import { getContext } from "@/server/context";
import { reply, route, otherMethods } from "@/server/http";

export const GET = route(async (_req: Request, { params }: { params: Promise<{ id: string }> }) =>
  reply(contract.getSuite, 200, { suite: await getContext().store.sessions.resolveSuite((await params).id) }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
