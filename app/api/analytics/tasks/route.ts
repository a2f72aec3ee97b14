import { getContext } from "@/server/context";
import { json, route, otherMethods } from "@/server/http";
import { taskGrid } from "@/server/analytics/grid";
import { readFilter } from "@/server/analytics/readFilter";

export const GET = route((req: Request) => json(taskGrid(getContext(), readFilter(req))));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
