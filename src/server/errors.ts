import type { ValidationIssue } from "@/domain/protocol/errors";
import { ERROR_STATUS, type ErrorCode } from "@/contracts/errors";

export type { ErrorCode };

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
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what: string, id: string) =>
  new ServiceError("not_found", `No ${what} has the id ${JSON.stringify(id)}; check the id and try again.`);

export const leaseLost = () =>
  new ServiceError(
    "lease_lost",
    "This lease is no longer current for the job; abandon the job and poll for a new one.",
  );
