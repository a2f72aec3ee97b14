import { getContext } from "@/server/context";
import { json, route, otherMethods } from "@/server/http";
import { failureAnalytics } from "@/server/analytics/failures";
import { readFilter } from "@/server/analytics/readFilter";

export const GET = route((req: Request) => json(failureAnalytics(getContext(), readFilter(req))));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
