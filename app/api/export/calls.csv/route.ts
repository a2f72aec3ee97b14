import { dashboard as contract } from "@/contracts";
import { getContext } from "@/server/context";
import { readQuery, route, otherMethods } from "@/server/http";
import { exportTable, toStream } from "@/server/export/exportRuns";

/** calls.csv (docs/api.md § Export): one row per call, the runs filtered and ordered as runs.csv; streamed. */
export const GET = route((req: Request) => {
  const { filter } = readQuery(contract.exportCallsCsv, req);
  const body = toStream(exportTable(getContext(), filter, "calls"));
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": 'attachment; filename="calls.csv"',
      "cache-control": "no-store",
    },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
