import { getContext } from "@/server/context";
import { json, route, otherMethods } from "@/server/http";
import { progressAnalytics } from "@/server/analytics/progress";
import { readFilter } from "@/server/analytics/readFilter";

export const GET = route((req: Request) => json(progressAnalytics(getContext(), readFilter(req))));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
