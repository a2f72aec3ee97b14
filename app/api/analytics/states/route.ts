import { getContext } from "@/server/context";
import { json, route, otherMethods } from "@/server/http";
import { readFilter } from "@/server/analytics/readFilter";
import { stateAnalytics } from "@/server/analytics/states";

/** Latency figures split by thermal state at start and by charging. docs/api.md § Analytics. */
export const GET = route((req: Request) => json(stateAnalytics(getContext(), readFilter(req))));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
