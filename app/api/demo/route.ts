import { dashboard as contract } from "@/contracts";
import { getContext } from "@/server/context";
import { readJson, reply, route, otherMethods } from "@/server/http";
import { startDemo } from "@/server/demo/startDemo";

/** Starts a demo session with three simulated phones (the --fleet mix, one device each) talking to this server over loopback. */
export const POST = route(async (req: Request) => {
  // The dashboard's first button sends no body; a script may send `{}` or `{"study": "adaptive"}`.
  const study =
    req.body !== null && req.headers.get("content-length") !== "0"
      ? (await readJson(req, contract.demo.body)).data.study
      : undefined;
  const port = process.env.PORT || new URL(req.url).port || "3000";
  return reply(contract.demo, 201, await startDemo(getContext(), `http://127.0.0.1:${port}`, study));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
