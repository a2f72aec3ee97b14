import { dashboard as contract } from "@/contracts";
import { getContext } from "@/server/context";
import { reply, route, otherMethods } from "@/server/http";
import { getRun } from "@/server/runs/getRun";

export const GET = route(async (_req: Request, { params }: { params: Promise<{ id: string }> }) =>
  reply(contract.getRun, 200, await getRun(getContext(), (await params).id)),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
