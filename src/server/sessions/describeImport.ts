import "server-only";
import type { Ctx } from "../context";
import { importedSource, type ImportedRunFacts } from "@/domain/sessions";

/**
 * What an imported session's runs carried from their source (run count, tasks × configs, repeats,
 * models, builds, when they ran): an import has no jobs, lease or order settings of its own, so the
 * session page shows these instead of "0 jobs · v0 · lease 0 s".
 */
export function describeImport(ctx: Ctx, sessionId: string) {
  const runs = ctx.db.$client
    .prepare(
      `SELECT task_id AS taskId, config_id AS configId, repeat, model, build_commit AS buildCommit, started_at AS startedAt
         FROM runs WHERE session_id = ?`,
    )
    .all(sessionId) as ImportedRunFacts[];
  return importedSource(runs);
}
