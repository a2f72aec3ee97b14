import "server-only";
import { parseFilter } from "@/domain/analytics/filter";
import { toValidationIssues } from "@/domain/protocol/errors";
import { ServiceError } from "../errors";

/** The analytics filter of a request's query string, or a 400 listing what is wrong. */
export function readFilter(req: Request) {
  const parsed = parseFilter(new URL(req.url).searchParams);
  if (!parsed.success) {
    throw new ServiceError("invalid_request", "Some filters are not valid; fix the query parameters listed in `issues`.", toValidationIssues(parsed.error));
  }
  return parsed.data;
}
