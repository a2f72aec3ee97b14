import { FailRequest } from "@/domain/protocol";
import { getContext } from "@/server/context";
import { json, readJson, route, otherMethods } from "@/server/http";
import { authenticateDevice } from "@/server/devices/authenticateDevice";
import { failJob } from "@/server/queue/failJob";

export const POST = route(async (req: Request, { params }: { params: Promise<{ id: string }> }) => {
  const ctx = getContext();
  const device = authenticateDevice(ctx, req.headers.get("authorization"));
  const { data } = await readJson(req, FailRequest);
  return json(failJob(ctx, (await params).id, device.id, data.leaseToken, data.reason, data.detail));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
