import { dashboard as contract } from "@/contracts";
import { getContext } from "@/server/context";
import { readJson, reply, route, otherMethods } from "@/server/http";
import { createDevice } from "@/server/devices/createDevice";
import { listDevices } from "@/server/devices/listDevices";

export const GET = route(async () => reply(contract.listDevices, 200, await listDevices(getContext())));

export const POST = route(async (req: Request) => {
  const { data } = await readJson(req, contract.createDevice.body);
  return reply(contract.createDevice, 201, await createDevice(getContext(), data.name));
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
