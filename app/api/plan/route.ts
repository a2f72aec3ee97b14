import { getContext } from "@/server/context";
import { ServiceError } from "@/server/errors";
import { json, route, otherMethods } from "@/server/http";
import { planStudy } from "@/server/analytics/plan";
import { readFilter } from "@/server/analytics/readFilter";
import { parsePlanQuery } from "@/domain/analytics/plan";
import { toValidationIssues } from "@/domain/protocol/errors";

export const GET = route((req: Request) => {
  const q = parsePlanQuery(new URL(req.url).searchParams);
  if (!q.success) {
    throw new ServiceError("invalid_request", "Some planner parameters are not valid: give psi, delta, alpha and power as fractions between 0 and 1 (delta=0.1 is ten points).", toValidationIssues(q.error));
  }
  return json(planStudy(getContext(), readFilter(req), q.data));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
