import { getContext } from "@/server/context";
import { parseRunsPage } from "@/domain/analytics/runs-query";
import { toValidationIssues } from "@/domain/protocol/errors";
import { ServiceError } from "@/server/errors";
import { json, route, otherMethods } from "@/server/http";
import { readFilter } from "@/server/analytics/readFilter";
import { listRuns } from "@/server/runs/listRuns";

export const GET = route((req: Request) => {
  const filter = readFilter(req);
  const page = parseRunsPage(new URL(req.url).searchParams);
  if (!page.success) throw new ServiceError("invalid_request", "The sort or page parameters are not valid; fix those listed in `issues`.", toValidationIssues(page.error));
  return json(listRuns(getContext(), filter, page.data));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
