import { getContext } from "@/server/context";
import { json, route, otherMethods } from "@/server/http";
import { configAnalytics } from "@/server/analytics/configs";
import { readFilter } from "@/server/analytics/readFilter";

export const GET = route((req: Request) => json(configAnalytics(getContext(), readFilter(req))));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
