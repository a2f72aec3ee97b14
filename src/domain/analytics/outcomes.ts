import { OUTCOMES, type Outcome } from "../scoring/types";
import { inTaskGroup } from "./taskGroups";

export interface OutcomeGroupFacts {
  configId: string;
  group: string;
  outcome: string;
  n: number;
}

export type OutcomeScope = "all" | "files" | "multi_step";
export const OUTCOME_SCOPES: readonly OutcomeScope[] = ["all", "files", "multi_step"];

export interface OutcomeRow {
  configId: string;
  total: number;
  counts: Record<Outcome, number>;
}

/**
 * Outcome counts per config (the study's Figure 5) for all tasks, the file tasks (group `files`
 * and `multi_step`: every task that needs files) or the multi-step tasks only. Every label is
 * present (0 where none), in the order of the outcome rules.
 */
export function outcomeDistribution(facts: OutcomeGroupFacts[], scope: OutcomeScope): OutcomeRow[] {
  // The scopes are the task groups of the pass-rate chart and table (taskGroups.ts).
  const include = (g: string) => scope === "all" || inTaskGroup(scope === "files" ? "needsFiles" : "multiStep", g);
  const rows = new Map<string, OutcomeRow>();
  for (const f of facts) {
    if (!include(f.group)) continue;
    let row = rows.get(f.configId);
    if (!row)
      rows.set(
        f.configId,
        (row = {
          configId: f.configId,
          total: 0,
          counts: Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<Outcome, number>,
        }),
      );
    if ((OUTCOMES as readonly string[]).includes(f.outcome)) row.counts[f.outcome as Outcome] += f.n;
    row.total += f.n;
  }
  return [...rows.values()].sort((a, b) => (a.configId < b.configId ? -1 : 1));
}
