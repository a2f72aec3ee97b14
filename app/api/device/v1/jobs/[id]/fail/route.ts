import { device as contract } from "@/contracts";
import { getContext } from "@/server/context";
import { readJson, reply, route, otherMethods, DEVICE_BODY } from "@/server/http";
import { authenticateDevice } from "@/server/devices/authenticateDevice";
import { failJob } from "@/server/queue/failJob";

export const POST = route(async (req: Request, { params }: { params: Promise<{ id: string }> }) => {
  const ctx = getContext();
  const device = await authenticateDevice(ctx, req.headers.get("authorization"));
  const { data } = await readJson(req, contract.fail.body, undefined, DEVICE_BODY);
  return reply(
    contract.fail,
    200,
    await failJob(ctx, (await params).id, device.id, data.leaseToken, data.reason, data.detail),
  );
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
