import { getContext } from "@/server/context";
import { json, route, otherMethods } from "@/server/http";
import { transitionAnalytics } from "@/server/analytics/transitions";
import { readFilter } from "@/server/analytics/readFilter";
import { readSides } from "@/server/analytics/readSides";

export const GET = route((req: Request) => {
  const { a, b } = readSides(req);
  return json(transitionAnalytics(getContext(), readFilter(req), a, b));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
