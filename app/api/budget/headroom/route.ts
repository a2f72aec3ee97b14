import { parseBudgetQuery } from "@/domain/budget/schema";
import { toValidationIssues } from "@/domain/protocol/errors";
import { headroom } from "@/server/budget/headroom";
import { getContext } from "@/server/context";
import { ServiceError } from "@/server/errors";
import { json, route, otherMethods } from "@/server/http";

export const GET = route((req: Request) => {
  const q = parseBudgetQuery(new URL(req.url).searchParams);
  if (!q.success) throw new ServiceError("invalid_request", "Some parameters are not valid; fix the ones listed in `issues`.", toValidationIssues(q.error));
  return json(headroom(getContext(), q.data));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
