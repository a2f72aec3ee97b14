import { z } from "zod";
import { getContext } from "@/server/context";
import { json, readJson, route, otherMethods } from "@/server/http";
import { startDemo } from "@/server/demo/startDemo";

/** The demo takes no options: an empty body or `{}`; anything else is a 400, not silently ignored. */
const DemoRequest = z.object({}).strict();

/** Starts a demo session with three simulated phones (the --fleet mix, one device each) talking to this server over loopback. */
export const POST = route(async (req: Request) => {
  // The dashboard's button sends no body; a script may send `{}`.
  if (req.body !== null && req.headers.get("content-length") !== "0") await readJson(req, DemoRequest);
  const port = process.env.PORT || new URL(req.url).port || "3000";
  return json(startDemo(getContext(), `http://127.0.0.1:${port}`), 201);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
