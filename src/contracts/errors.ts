import { z } from "zod";

/**
 * Every error code any route answers with, and its HTTP status: a closed list, so a transport
 * cannot invent a code the contract (and the OpenAPI document) does not know.
 */
export const ERROR_STATUS = {
  invalid_request: 400,
  invalid_json: 400,
  invalid_suite: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  lease_lost: 409,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  /** A Host header this dashboard does not answer to (server/edge.ts, issue 14). */
  misdirected_request: 421,
  too_many_attempts: 429,
  internal: 500,
  /** The server cannot take the request now (main's scoring budget); try again later. */
  unavailable: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];
export const ErrorCodeSchema = z.enum(ERROR_CODES);

export const ValidationIssueSchema = z.object({ path: z.string(), message: z.string() });

/** The one error body of protocol.md (preamble), with the code drawn from the closed list. */
export const ApiErrorBody = z.object({
  error: z.object({
    code: ErrorCodeSchema,
    message: z.string().meta({ description: "One sentence: what happened and what to do." }),
    issues: z.array(ValidationIssueSchema).optional().meta({ description: "One entry per invalid field (400s)." }),
  }),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/** Errors every route can answer, whatever it does: a method it lacks, a bug. */
export const COMMON_ERRORS = ["method_not_allowed", "internal"] as const satisfies readonly ErrorCode[];

/**
 * Every code a route may answer: its own, the common ones, and the edge's (server/main.ts) for
 * routes behind the admin login: 401 before logging in when a password is set, 403 for another
 * machine without one or a request from another site.
 */
export function routeErrors(route: { errors: readonly ErrorCode[]; auth: string }): ErrorCode[] {
  const edge: ErrorCode[] = route.auth === "admin" ? ["unauthorized", "forbidden"] : [];
  return [...new Set([...route.errors, ...COMMON_ERRORS, ...edge])];
}
