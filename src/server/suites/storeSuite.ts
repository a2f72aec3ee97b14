import "server-only";
import { createHash } from "node:crypto";
import type { Ctx } from "../context";
import type { Suite } from "@/domain/suite/schema";
import { stableJson } from "@/domain/scoring/stable-json";
import type { SuiteWrite } from "../store/types";

const hash = (v: unknown) => createHash("sha256").update(stableJson(v)).digest("hex");

function suiteWrite(ctx: Ctx, suite: Suite, opts: { isDefault?: boolean }): SuiteWrite {
  return {
    suite,
    contentHash: hash(suite),
    taskHashes: suite.tasks.map(hash),
    configHashes: suite.configs.map(hash),
    isDefault: !!opts.isDefault,
    loadedAt: ctx.now(),
  };
}

/**
 * Stores a validated suite version with its task and config versions, on either engine. Storing
 * the same content again is a no-op, so the default suite can be loaded on every start (and by
 * every process). Returns whether it was new.
 */
export function saveSuite(ctx: Ctx, suite: Suite, opts: { isDefault?: boolean } = {}): Promise<boolean> {
  return ctx.store.suites.save(suiteWrite(ctx, suite, opts));
}
