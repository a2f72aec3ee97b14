import { dashboard as contract } from "@/contracts";
import { getContext } from "@/server/context";
import { reply, route, otherMethods } from "@/server/http";
import { getSession } from "@/server/sessions/getSession";
import { listSessionRuns } from "@/server/sessions/listSessionRuns";

/** The live session page's feed: the summary plus the newest runs. */
export const GET = route(async (_req: Request, { params }: { params: Promise<{ id: string }> }) => {
  const ctx = getContext();
  const id = (await params).id;
  return reply(contract.sessionRuns, 200, { ...getSession(ctx, id), runs: listSessionRuns(ctx, id) });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
