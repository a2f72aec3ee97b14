import { getContext } from "@/server/context";
import { json, route, otherMethods } from "@/server/http";
import { readFilter } from "@/server/analytics/readFilter";
import { peakContextAnalytics } from "@/server/analytics/peakContext";

export const GET = route((req: Request) => json(peakContextAnalytics(getContext(), readFilter(req))));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
