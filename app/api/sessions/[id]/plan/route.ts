import { dashboard as contract } from "@/contracts";
import { getContext } from "@/server/context";
import { readJson, reply, route, otherMethods } from "@/server/http";
import { savePlan } from "@/server/sessions/savePlan";

export const POST = route(async (req: Request, { params }: { params: Promise<{ id: string }> }) => {
  const { data } = await readJson(req, contract.savePlan.body);
  return reply(contract.savePlan, 200, await savePlan(getContext(), (await params).id, data));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
