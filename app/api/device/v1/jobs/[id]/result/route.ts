import { Trace } from "@/domain/protocol";
import { getContext } from "@/server/context";
import { TRACE_LIMIT, json, readJson, route, otherMethods } from "@/server/http";
import { authenticateDevice } from "@/server/devices/authenticateDevice";
import { submitResult } from "@/server/queue/submitResult";

export const POST = route(async (req: Request, { params }: { params: Promise<{ id: string }> }) => {
  const ctx = getContext();
  const device = authenticateDevice(ctx, req.headers.get("authorization"));
  const { data, raw } = await readJson(req, Trace, TRACE_LIMIT);
  const { status, body } = await submitResult(ctx, (await params).id, device.id, data, raw);
  return json(body, status);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
