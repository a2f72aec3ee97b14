import { getContext } from "@/server/context";
import { json, route, otherMethods } from "@/server/http";
import { resolveSuite } from "@/server/suites/catalog";

export const GET = route(async (_req: Request, { params }: { params: Promise<{ id: string }> }) =>
  json({ suite: resolveSuite(getContext(), (await params).id) }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
