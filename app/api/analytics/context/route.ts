import { getContext } from "@/server/context";
import { json, route } from "@/server/http";
import { readFilter } from "@/server/analytics/readFilter";
import { peakContextAnalytics } from "@/server/analytics/peakContext";

export const GET = route((req: Request) => json(peakContextAnalytics(getContext(), readFilter(req))));
