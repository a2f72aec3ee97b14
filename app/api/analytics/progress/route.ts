import { getContext } from "@/server/context";
import { json, route } from "@/server/http";
import { progressAnalytics } from "@/server/analytics/progress";
import { readFilter } from "@/server/analytics/readFilter";

export const GET = route((req: Request) => json(progressAnalytics(getContext(), readFilter(req))));
