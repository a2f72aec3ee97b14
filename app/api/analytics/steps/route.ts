import { getContext } from "@/server/context";
import { json, route, otherMethods } from "@/server/http";
import { parsePicks } from "@/domain/analytics/steps";
import { stepAnalytics } from "@/server/analytics/steps";
import { readFilter } from "@/server/analytics/readFilter";

export const GET = route((req: Request) => json(stepAnalytics(getContext(), readFilter(req), parsePicks(new URL(req.url).searchParams.getAll("pick")))));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
