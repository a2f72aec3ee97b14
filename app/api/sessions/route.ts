import { dashboard as contract } from "@/contracts";
import { getContext } from "@/server/context";
import { readJson, reply, route, otherMethods } from "@/server/http";
import { createSession } from "@/server/sessions/createSession";
import { listSessions } from "@/server/sessions/listSessions";

export const GET = route(async () => reply(contract.listSessions, 200, { sessions: await listSessions(getContext()) }));

export const POST = route(async (req: Request) => {
  const { data } = await readJson(req, contract.createSession.body);
  return reply(contract.createSession, 201, await createSession(getContext(), data));
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
