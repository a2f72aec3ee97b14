import { device as contract } from "@/contracts";
import { getContext } from "@/server/context";
import { TRACE_LIMIT, readJson, reply, route, otherMethods, DEVICE_BODY } from "@/server/http";
import { authenticateDevice } from "@/server/devices/authenticateDevice";
import { submitResult } from "@/server/queue/submitResult";

export const POST = route(async (req: Request, { params }: { params: Promise<{ id: string }> }) => {
  const ctx = getContext();
  const device = await authenticateDevice(ctx, req.headers.get("authorization"));
  const { data, raw } = await readJson(req, contract.result.body, TRACE_LIMIT, DEVICE_BODY);
  const { status, body } = await submitResult(ctx, (await params).id, device.id, data, raw);
  return reply(contract.result, status, body);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
