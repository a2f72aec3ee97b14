import { parseBudgetQuery } from "@/domain/budget/schema";
import { toValidationIssues } from "@/domain/protocol/errors";
import { budgetOverview } from "@/server/budget/budgetOverview";
import { getContext } from "@/server/context";
import { ServiceError } from "@/server/errors";
import { json, route, otherMethods } from "@/server/http";

export const GET = route(async (req: Request) => {
  const q = parseBudgetQuery(new URL(req.url).searchParams);
  if (!q.success) throw new ServiceError("invalid_request", "Some parameters are not valid; fix the ones listed in `issues`.", toValidationIssues(q.error));
  const { model: _model, ...body } = await budgetOverview(getContext(), q.data);
  return json(body);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
