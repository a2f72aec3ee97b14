import type { ValidationIssue } from "@/domain/protocol/errors";

export type ErrorCode =
  | "invalid_request"
  | "invalid_json"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "lease_lost"
  | "conflict"
  | "payload_too_large"
  | "unsupported_media_type"
  | "invalid_suite"
  | "method_not_allowed"
  | "unavailable";

const STATUS: Record<ErrorCode, number> = {
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
  unavailable: 503,
};

/** A failure a caller can act on; every transport maps it to the one error body of protocol.md. */
export class ServiceError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: ValidationIssue[],
  ) {
    super(message);
  }
  get status(): number {
    return STATUS[this.code];
  }
}

export const notFound = (what: string, id: string) =>
  new ServiceError("not_found", `No ${what} has the id ${JSON.stringify(id)}; check the id and try again.`);

export const leaseLost = () =>
  new ServiceError("lease_lost", "This lease is no longer current for the job; abandon the job and poll for a new one.");
