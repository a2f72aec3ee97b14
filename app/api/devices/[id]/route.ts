import { dashboard as contract } from "@/contracts";
import { getContext } from "@/server/context";
import { reply, route, otherMethods } from "@/server/http";
import { revokeDevice } from "@/server/devices/revokeDevice";

export const DELETE = route(async (_req: Request, { params }: { params: Promise<{ id: string }> }) =>
  reply(contract.revokeDevice, 200, await revokeDevice(getContext(), (await params).id)),
);

export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods({ DELETE });
