import { dashboard as contract } from "@/contracts";
import { getContext } from "@/server/context";
import { readQuery, route, otherMethods } from "@/server/http";
import { exportCsv, toStream } from "@/server/export/exportRuns";

/** runs.csv (protocol.md §4), filtered like analytics; streamed. */
export const GET = route((req: Request) => {
  const { filter } = readQuery(contract.exportCsv, req);
  const body = toStream(exportCsv(getContext(), filter));
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": 'attachment; filename="runs.csv"',
      "cache-control": "no-store",
    },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
