import type { ValidationIssue } from "@/domain/protocol/errors";
import { ERROR_STATUS, type ErrorCode } from "@/contracts/errors";

export type { ErrorCode };

/** Marks a ServiceError whichever copy of this module made it (Symbol.for is one registry per process). */
const BRAND = Symbol.for("harness-lab.ServiceError");

/**
 * A failure a caller can act on; every transport maps it to the one error body of protocol.md.
 * `instanceof` checks the brand, not the class: server/main.ts loads the services through tsx while
 * Next.js bundles its own copy, and one context (with its store) serves both, so an error the store
 * throws may come from the other copy (a page's not-found check then saw a 500).
 */
export class ServiceError extends Error {
  readonly [BRAND] = true;
  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && (value as { [BRAND]?: unknown })[BRAND] === true;
  }
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
