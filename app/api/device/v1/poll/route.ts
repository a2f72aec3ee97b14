import { PollRequest } from "@/domain/protocol";
import { getContext } from "@/server/context";
import { ServiceError } from "@/server/errors";
import { json, readJson, route, otherMethods } from "@/server/http";
import { authenticateDevice } from "@/server/devices/authenticateDevice";
import { pollJob } from "@/server/queue/pollJob";

export const POST = route(async (req: Request) => {
  const ctx = getContext();
  const device = authenticateDevice(ctx, req.headers.get("authorization"));
  const waitParam = new URL(req.url).searchParams.get("wait");
  const wait = waitParam === null ? 0 : Number(waitParam);
  if (!Number.isFinite(wait) || wait < 0 || wait > 30) {
    throw new ServiceError("invalid_request", "`wait` is a number of seconds from 0 to 30.", [{ path: "wait", message: "must be 0–30" }]);
  }
  const { data } = await readJson(req, PollRequest);
  const job = await pollJob(ctx, device.id, data, wait, req.signal);
  return job ? json({ job }) : new Response(null, { status: 204 });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
