import { getContext } from "@/server/context";
import { json, route, otherMethods } from "@/server/http";
import { cancelSession } from "@/server/sessions/cancelSession";

export const POST = route(async (_req: Request, { params }: { params: Promise<{ id: string }> }) => {
  const ctx = getContext();
  return json(cancelSession(ctx, (await params).id));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
