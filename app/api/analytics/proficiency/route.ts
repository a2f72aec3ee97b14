import { getContext } from "@/server/context";
import { json, route, otherMethods } from "@/server/http";
import { proficiencyAnalytics } from "@/server/analytics/proficiency";
import { readFilter } from "@/server/analytics/readFilter";

export const GET = route((req: Request) => json(proficiencyAnalytics(getContext(), readFilter(req))));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
