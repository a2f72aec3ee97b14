import { budget as contract } from "@/contracts";
import { countStartup } from "@/server/budget/countStartup";
import { readJson, reply, route, otherMethods } from "@/server/http";

/** Start-up tokens of a system prompt + tool definitions (the planner calls this as you type). */
export const POST = route(async (req: Request) => {
  const { data } = await readJson(req, contract.count.body);
  return reply(contract.count, 200, await countStartup(data));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
