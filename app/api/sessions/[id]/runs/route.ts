import { getContext } from "@/server/context";
import { json, route, otherMethods } from "@/server/http";
import { getSessionView } from "@/server/sessions/getSessionView";

/** The live session page's feed: the summary plus the newest runs. */
export const GET = route(async (_req: Request, { params }: { params: Promise<{ id: string }> }) => {
  return json(getSessionView(getContext(), (await params).id));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
