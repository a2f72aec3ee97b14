import { device as contract } from "@/contracts";
import { getContext } from "@/server/context";
import { readJson, reply, route, otherMethods, DEVICE_BODY } from "@/server/http";
import { authenticateDevice } from "@/server/devices/authenticateDevice";
import { heartbeatJob } from "@/server/queue/heartbeatJob";

export const POST = route(async (req: Request, { params }: { params: Promise<{ id: string }> }) => {
  const ctx = getContext();
  const device = await authenticateDevice(ctx, req.headers.get("authorization"));
  const { data } = await readJson(req, contract.heartbeat.body, undefined, DEVICE_BODY);
  return reply(
    contract.heartbeat,
    200,
    await heartbeatJob(ctx, (await params).id, device.id, data.leaseToken, data.turn),
  );
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
