import { getContext } from "@/server/context";
import { ServiceError } from "@/server/errors";
import { json, route, otherMethods } from "@/server/http";
import { readFilter } from "@/server/analytics/readFilter";
import { ttftPoints } from "@/server/analytics/ttftPoints";
import { MAX_SCATTER_POINTS } from "@/domain/analytics/ttftChart";

export const GET = route((req: Request) => {
  const q = new URL(req.url).searchParams;
  const points = q.get("points") ?? "turns";
  if (points !== "turns" && points !== "loads" && points !== "all") {
    throw new ServiceError("invalid_request", "`points` is `turns` (default), `loads` or `all`.", [{ path: "points", message: "must be turns, loads or all" }]);
  }
  const maxRaw = q.get("max");
  const max = maxRaw === null ? MAX_SCATTER_POINTS : Number(maxRaw);
  if (!Number.isInteger(max) || max < 0 || max > 20_000) {
    throw new ServiceError("invalid_request", "`max` is a whole number of points from 0 to 20000.", [{ path: "max", message: "must be an integer from 0 to 20000" }]);
  }
  return json(ttftPoints(getContext(), readFilter(req), points, max));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
