import { planning as contract } from "@/contracts";
import { getContext } from "@/server/context";
import { readQuery, reply, requestOrigin, route, otherMethods } from "@/server/http";
import { runGate } from "@/server/gate/runGate";

export const GET = route(async (req: Request) => {
  const q = readQuery(contract.gate, req);
  const result = await runGate(getContext(), q, requestOrigin(req));
  if (q.format === "markdown") {
    return new Response(result.markdown, {
      headers: { "content-type": "text/markdown; charset=utf-8", "cache-control": "no-store" },
    });
  }
  return reply(contract.gate, 200, result);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
