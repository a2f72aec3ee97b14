import { getContext } from "@/server/context";
import { ServiceError } from "@/server/errors";
import { json, route, otherMethods } from "@/server/http";
import { compareAnalytics } from "@/server/analytics/compare";
import { readFilter } from "@/server/analytics/readFilter";

export const GET = route((req: Request) => {
  const q = new URL(req.url).searchParams;
  const a = q.get("a");
  const b = q.get("b");
  const issues = [
    ...(a ? [] : [{ path: "a", message: "name the baseline config" }]),
    ...(b ? [] : [{ path: "b", message: "name the config to compare with it" }]),
  ];
  if (issues.length) throw new ServiceError("invalid_request", "Give two configs to compare as `?a=<configId>&b=<configId>`.", issues);
  return json(
    compareAnalytics(getContext(), readFilter(req), { config: a!, session: q.get("aSession") || undefined }, { config: b!, session: q.get("bSession") || undefined }),
  );
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
