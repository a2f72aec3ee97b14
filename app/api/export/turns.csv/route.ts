import { dashboard as contract } from "@/contracts";
import { getContext } from "@/server/context";
import { readQuery, route, otherMethods } from "@/server/http";
import { exportTable, toStream } from "@/server/export/exportRuns";

/** turns.csv (docs/api.md § Export): one row per turn, the runs filtered and ordered as runs.csv; streamed. */
export const GET = route((req: Request) => {
  const { filter } = readQuery(contract.exportTurnsCsv, req);
  const body = toStream(exportTable(getContext(), filter, "turns"));
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": 'attachment; filename="turns.csv"',
      "cache-control": "no-store",
    },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
