import "server-only";
import { createHash } from "node:crypto";
import { canonicalJson, type Plan } from "@/domain/study/plan";

/** The plan's lock: SHA-256 (hex) over the UTF-8 bytes of its canonical JSON (src/domain/study/plan.ts). */
export function planSha256(plan: Plan): string {
  return createHash("sha256").update(canonicalJson(plan), "utf8").digest("hex");
}
