import "server-only";
import type { Ctx } from "../context";
import { AnalyticsFilter } from "@/domain/analytics/filter";
import type { BudgetQuery } from "@/domain/budget/schema";
import { resolveSelection } from "../analytics/resolveSelection";

/** The budget's runs: its sessions resolved as analytics resolves them, narrowed to device and build. */
export async function budgetSelection(
  ctx: Ctx,
  q: Pick<BudgetQuery, "session" | "allSessions" | "device" | "build">,
  suiteId: string,
) {
  const requested = AnalyticsFilter.parse({
    sessions: q.session,
    allSessions: q.allSessions,
    device: q.device,
    build: q.build,
  });
  return await resolveSelection(ctx, requested, { suiteId });
}
