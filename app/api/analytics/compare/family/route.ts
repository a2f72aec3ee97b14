import { getContext } from "@/server/context";
import { ServiceError } from "@/server/errors";
import { json, route, otherMethods } from "@/server/http";
import { compareFamily } from "@/server/analytics/family";
import { readFilter } from "@/server/analytics/readFilter";

export const GET = route((req: Request) => {
  const q = new URL(req.url).searchParams;
  const mode = q.get("mode") || "baseline";
  if (mode !== "baseline" && mode !== "consecutive") {
    throw new ServiceError("invalid_request", "`mode` is `baseline` (each config against one) or `consecutive` (each config against the one before).", [{ path: "mode", message: "baseline or consecutive" }]);
  }
  return json(compareFamily(getContext(), readFilter(req), mode, q.get("baseline") || undefined));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
