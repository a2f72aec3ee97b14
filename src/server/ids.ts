import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { monotonicFactory } from "ulid";

// Monotonic ULIDs sort by creation even within one millisecond, so "oldest session first"
// is an index-ordered scan over jobs(state, session_id, position).
const ulid = monotonicFactory();

export type IdPrefix = "job" | "ses" | "run" | "dev";

export const newId = (prefix: IdPrefix) => `${prefix}_${ulid()}`;

/** 32 random bytes, URL-safe: bearer device tokens and per-lease tokens. */
export const newToken = (prefix: string) => `${prefix}_${randomBytes(32).toString("base64url")}`;

/** Tokens are stored and looked up only as SHA-256 digests. */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
