import { CreateDeviceRequest } from "@/domain/protocol";
import { getContext } from "@/server/context";
import { json, readJson, route, otherMethods } from "@/server/http";
import { createDevice } from "@/server/devices/createDevice";
import { listDevices } from "@/server/devices/listDevices";

export const GET = route(() => json(listDevices(getContext())));

export const POST = route(async (req: Request) => {
  const { data } = await readJson(req, CreateDeviceRequest);
  return json(createDevice(getContext(), data.name), 201);
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
