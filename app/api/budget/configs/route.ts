import { budget as contract } from "@/contracts";
import { saveConfigVersion } from "@/server/budget/saveConfigVersion";
import { getContext } from "@/server/context";
import { readJson, reply, route, otherMethods } from "@/server/http";

/** Saves an edited system prompt and tools as a new config version in a new suite version. */
export const POST = route(async (req: Request) => {
  const { data } = await readJson(req, contract.saveConfig.body);
  return reply(contract.saveConfig, 201, await saveConfigVersion(getContext(), data));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
