import { getContext } from "@/server/context";
import { json, route, otherMethods } from "@/server/http";
import { rescoreSession } from "@/server/runs/rescoreSession";

export const POST = route(async (_req: Request, { params }: { params: Promise<{ id: string }> }) =>
  json(await rescoreSession(getContext(), (await params).id)),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
