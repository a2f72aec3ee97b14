import { dashboard as contract } from "@/contracts";
import { getContext } from "@/server/context";
import { reply, route, otherMethods } from "@/server/http";
import { rescoreSession } from "@/server/runs/rescoreSession";

export const POST = route(async (_req: Request, { params }: { params: Promise<{ id: string }> }) =>
  reply(contract.rescoreSession, 200, await rescoreSession(getContext(), (await params).id)),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
