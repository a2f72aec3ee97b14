import { CountRequest } from "@/domain/budget/schema";
import { countStartup } from "@/server/budget/countStartup";
import { json, readJson, route, otherMethods } from "@/server/http";

/** Start-up tokens of a system prompt + tool definitions (the planner calls this as you type). */
export const POST = route(async (req: Request) => {
  const { data } = await readJson(req, CountRequest);
  return json(await countStartup(data));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
