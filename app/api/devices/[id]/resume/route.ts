import { getContext } from "@/server/context";
import { dashboard as contract } from "@/contracts";
import { reply, route, otherMethods } from "@/server/http";
import { resumeDevice } from "@/server/devices/resumeDevice";

export const POST = route(async (_req: Request, { params }: { params: Promise<{ id: string }> }) =>
  reply(contract.resumeDevice, 200, await resumeDevice(getContext(), (await params).id)),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
