import { getContext } from "@/server/context";
import { json, route, otherMethods } from "@/server/http";
import { readFilter } from "@/server/analytics/readFilter";
import { throttlingAnalytics } from "@/server/analytics/throttling";

/** Per session × device: did decode or prefill slow down over the session (a hot phone)? docs/api.md § Throttling. */
export const GET = route((req: Request) => json(throttlingAnalytics(getContext(), readFilter(req))));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
