import { getContext } from "@/server/context";
import { dashboard as contract } from "@/contracts";
import { reply, route, otherMethods } from "@/server/http";
import { pauseDevice } from "@/server/devices/pauseDevice";

export const POST = route(async (_req: Request, { params }: { params: Promise<{ id: string }> }) =>
  reply(contract.pauseDevice, 200, await pauseDevice(getContext(), (await params).id)),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
