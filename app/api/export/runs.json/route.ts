import { dashboard as contract } from "@/contracts";
import { getContext } from "@/server/context";
import { readQuery, route, otherMethods } from "@/server/http";
import { exportJson, toStream } from "@/server/export/exportRuns";

/** runs.json (protocol.md §4), filtered like analytics; streamed. */
export const GET = route((req: Request) => {
  const { filter } = readQuery(contract.exportJson, req);
  const body = toStream(exportJson(getContext(), filter));
  return new Response(body, {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": 'attachment; filename="runs.json"',
      "cache-control": "no-store",
    },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
