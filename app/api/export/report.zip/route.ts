import { dashboard as contract } from "@/contracts";
import { readQuery, route, otherMethods } from "@/server/http";
import { filterToParams } from "@/domain/analytics/filterParams";
import { reportZip } from "@/server/report/reportZip";

/** report.zip (docs/api.md § Export): the study report of the filtered selection (issue 21). */
export const GET = route(async (req: Request) => {
  const url = new URL(req.url);
  const { filter } = readQuery(contract.exportReportZip, req);
  const zip = await reportZip({
    port: url.port || (url.protocol === "https:" ? "443" : "80"),
    query: filterToParams(filter).toString(),
    cookie: req.headers.get("cookie") ?? undefined,
  });
  return new Response(new Blob([zip as BlobPart]), {
    headers: {
      "content-type": "application/zip",
      "content-disposition": 'attachment; filename="harness-lab-report.zip"',
      "cache-control": "no-store",
    },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
