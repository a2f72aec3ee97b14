import { SaveConfigRequest } from "@/domain/budget/schema";
import { saveConfigVersion } from "@/server/budget/saveConfigVersion";
import { getContext } from "@/server/context";
import { json, readJson, route, otherMethods } from "@/server/http";

/** Saves an edited system prompt and tools as a new config version in a new suite version. */
export const POST = route(async (req: Request) => {
  const { data } = await readJson(req, SaveConfigRequest);
  return json(saveConfigVersion(getContext(), data), 201);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
