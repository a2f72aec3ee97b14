import { getContext } from "@/server/context";
import { json, route, otherMethods } from "@/server/http";
import { trajectoryAnalytics } from "@/server/analytics/transitions";
import { readFilter } from "@/server/analytics/readFilter";
import { readSides } from "@/server/analytics/readSides";

export const GET = route((req: Request) => {
  const { a, b } = readSides(req);
  const task = new URL(req.url).searchParams.get("task") || undefined;
  return json(trajectoryAnalytics(getContext(), readFilter(req), a, b, task));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
