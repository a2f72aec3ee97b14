import { getContext } from "@/server/context";
import { json, route, otherMethods } from "@/server/http";
import { readFilter } from "@/server/analytics/readFilter";
import { costAnalytics } from "@/server/analytics/cost";

/** Per config: phone seconds, output tokens and battery per successful task. docs/api.md § Analytics. */
export const GET = route((req: Request) => json(costAnalytics(getContext(), readFilter(req))));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
