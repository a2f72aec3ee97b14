import "server-only";
import type { Ctx } from "../context";
import { getSession } from "./getSession";
import { listSessionRuns } from "./listSessionRuns";
import { readSessionComparisons } from "./sessionComparisons";

/**
 * The session page's view model (and `GET /api/sessions/{id}/runs`, which keeps it live): the
 * session with its job counts and pass counts, its configs compared over tasks, and its newest runs, read in one snapshot so a
 * result landing between the reads cannot show in the feed but not in the counts.
 */
export function getSessionView(ctx: Ctx, id: string) {
  return ctx.store.sql.snapshot(async (sql) => {
    const view = await getSession(ctx, id, sql);
    return {
      ...view,
      comparisons: await readSessionComparisons(sql, id, view.session.configIds, view.session.calibration),
      runs: await listSessionRuns(sql, id),
    };
  });
}
