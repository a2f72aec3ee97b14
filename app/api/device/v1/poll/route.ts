import { device as contract } from "@/contracts";
import { getContext } from "@/server/context";
import { readJson, readQuery, reply, route, otherMethods, DEVICE_BODY } from "@/server/http";
import { authenticateDevice } from "@/server/devices/authenticateDevice";
import { pollJob } from "@/server/queue/pollJob";

export const POST = route(async (req: Request) => {
  const ctx = getContext();
  const device = await authenticateDevice(ctx, req.headers.get("authorization"));
  const { wait } = readQuery(contract.poll, req);
  const { data } = await readJson(req, contract.poll.body, undefined, DEVICE_BODY);
  const job = await pollJob(ctx, device.id, data, wait, req.signal);
  return job ? reply(contract.poll, 200, { job }) : new Response(null, { status: 204 });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
