import { CreateSessionRequest } from "@/domain/protocol";
import { getContext } from "@/server/context";
import { json, readJson, route, otherMethods } from "@/server/http";
import { createSession } from "@/server/sessions/createSession";
import { listSessions } from "@/server/sessions/listSessions";

export const GET = route(() => json({ sessions: listSessions(getContext()) }));

export const POST = route(async (req: Request) => {
  const { data } = await readJson(req, CreateSessionRequest);
  return json(createSession(getContext(), data), 201);
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
