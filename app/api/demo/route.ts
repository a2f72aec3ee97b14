import { getContext } from "@/server/context";
import { json, route, otherMethods } from "@/server/http";
import { startDemo } from "@/server/demo/startDemo";

/** Starts a demo session with two simulated phones talking to this server over loopback. */
export const POST = route((req: Request) => {
  const port = process.env.PORT || new URL(req.url).port || "3000";
  return json(startDemo(getContext(), `http://127.0.0.1:${port}`), 201);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
