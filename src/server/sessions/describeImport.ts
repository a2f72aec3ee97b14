import "server-only";
import { z } from "zod";
import type { Ctx } from "../context";
import { importedSource } from "@/domain/sessions";
import { int } from "../store/columns";
import type { SqlRunner } from "../store/sql";

const RunRow = z.object({
  taskId: z.string(),
  configId: z.string(),
  repeat: int,
  model: z.string(),
  buildCommit: z.string(),
  startedAt: z.string(),
});

/**
 * What an imported session's runs carried from their source (run count, tasks × configs, repeats,
 * models, builds, when they ran): an import has no jobs, lease or order settings of its own, so the
 * session page shows these instead of "0 jobs · v0 · lease 0 s".
 */
export async function describeImport(ctx: Ctx, sessionId: string, sql: SqlRunner = ctx.store.sql) {
  const runs = await sql.all(
    RunRow,
    `SELECT task_id AS "taskId", config_id AS "configId", repeat, model, build_commit AS "buildCommit", started_at AS "startedAt"
       FROM runs WHERE session_id = ?`,
    [sessionId],
  );
  return importedSource(runs);
}
