import "server-only";
import { createHash } from "node:crypto";
import { importIdentity, type ImportFile } from "@/domain/export";

/** The import key of a parsed runs.json (issue 32.3): SHA-256 (node:crypto) of its sorted-key JSON, hex. */
export function importKey(file: ImportFile): string {
  return createHash("sha256").update(importIdentity(file), "utf8").digest("hex");
}
