import { getContext } from "@/server/context";
import { ServiceError } from "@/server/errors";
import { json, route, otherMethods } from "@/server/http";
import { readFilter } from "@/server/analytics/readFilter";
import { ttftAnalytics } from "@/server/analytics/ttft";

export const GET = route((req: Request) => {
  const params = new URL(req.url).searchParams;
  const points = params.get("points") ?? "turns";
  if (points !== "turns" && points !== "loads" && points !== "all") {
    throw new ServiceError("invalid_request", "`points` is `turns` (default), `loads` or `all`.", [{ path: "points", message: "must be turns, loads or all" }]);
  }
  return json(ttftAnalytics(getContext(), readFilter(req), points, { a: params.get("a") || undefined, b: params.get("b") || undefined }));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
