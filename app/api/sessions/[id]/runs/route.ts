import { dashboard as contract } from "@/contracts";
import { getContext } from "@/server/context";
import { reply, route, otherMethods } from "@/server/http";
import { getSessionView } from "@/server/sessions/getSessionView";

/** The live session page's feed: the summary plus the newest runs. */
export const GET = route(async (_req: Request, { params }: { params: Promise<{ id: string }> }) => {
  return reply(contract.sessionRuns, 200, await getSessionView(getContext(), (await params).id));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
