import { dashboard as contract } from "@/contracts";
import { getContext } from "@/server/context";
import { reply, route, otherMethods } from "@/server/http";
import { getSession } from "@/server/sessions/getSession";

export const GET = route(async (_req: Request, { params }: { params: Promise<{ id: string }> }) =>
  reply(contract.getSession, 200, await getSession(getContext(), (await params).id)),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
