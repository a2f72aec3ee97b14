import "server-only";
import type { AnalyticsFilter } from "@/domain/analytics/filter";

/**
 * The WHERE clause of every analytics query, over `runs r JOIN sessions s JOIN scores sc`
 * (current scores only). Parameters are bound, never interpolated.
 */
export function whereClause(
  f: AnalyticsFilter,
  opts: { includeUnscorable?: boolean } = {},
): { sql: string; params: unknown[] } {
  // TRUE / FALSE: the one boolean literal both engines compare (SQLite reads them as 1 / 0, and
  // still uses its indexes); PostgreSQL refuses boolean = 1. Bound 1 / 0 parameters PostgreSQL reads as booleans.
  const parts: string[] = ["sc.current = TRUE"];
  const params: unknown[] = [];
  if (f.sessions.length) {
    parts.push(`r.session_id IN (${f.sessions.map(() => "?").join(", ")})`);
    params.push(...f.sessions);
  }
  if (f.build !== undefined) {
    parts.push("r.build_commit = ?");
    params.push(f.build);
  }
  if (f.device !== undefined) {
    parts.push("r.device_id = ?");
    params.push(f.device);
  }
  if (f.thermal !== undefined) {
    parts.push("r.thermal_at_start = ?");
    params.push(f.thermal);
  }
  if (f.charging !== undefined) {
    parts.push("r.charging = ?");
    params.push(f.charging ? 1 : 0);
  }
  if (f.task !== undefined) {
    parts.push("r.task_id = ?");
    params.push(f.task);
  }
  if (f.group !== undefined) {
    parts.push("r.task_group = ?");
    params.push(f.group);
  }
  if (f.config !== undefined) {
    parts.push("r.config_id = ?");
    params.push(f.config);
  }
  if (f.outcome !== undefined) {
    parts.push("sc.outcome = ?");
    params.push(f.outcome);
  }
  if (f.passed !== undefined) {
    parts.push("sc.passed = ?");
    params.push(f.passed ? 1 : 0);
  }
  if (f.looping !== undefined) {
    parts.push("sc.looping = ?");
    params.push(f.looping ? 1 : 0);
  }
  if (f.toolsDropped !== undefined) {
    parts.push("r.tools_dropped = ?");
    params.push(f.toolsDropped ? 1 : 0);
  }
  if (!f.includeTrial) parts.push("s.trial = FALSE");
  if (!f.includeSuperseded) parts.push("r.superseded = FALSE");
  // An unscorable run has passed = false without its checks having been judged: counting it
  // would lower pass rates for a reason that is not the harness's (ADR 6).
  if (!opts.includeUnscorable) parts.push("sc.unscorable IS NULL");
  return { sql: parts.join(" AND "), params };
}

export const FROM_RUNS = "runs r JOIN sessions s ON s.id = r.session_id JOIN scores sc ON sc.run_id = r.id";

/**
 * Loads that are a cold prefill: a load the model server served partly from its prompt cache
 * (v1.1 `load.cachedTokens` > 0; llama-server: 31–809 ms for ~750 tokens) says nothing about
 * prefill speed and stays out of the load fit. Runs that do not report it count as cold.
 */
export const COLD_LOAD = "COALESCE(r.load_cached_tokens, 0) = 0";

/**
 * What the analytics read (ADR 10): `run_facts`, one row per run with a current score, holding
 * the run's, its session's, its current score's and its turns' summed columns under their own
 * names, so a query neither joins three tables per run nor pages through the scores' JSON.
 */
export const FROM_FACTS = "run_facts r";

/**
 * `whereClause` over `run_facts r`: the very same conditions and parameters (every column is
 * there under its own name; every row is a current score), so each filter stays exact.
 */
export function factsWhere(
  f: AnalyticsFilter,
  opts: { includeUnscorable?: boolean } = {},
): { sql: string; params: unknown[] } {
  const w = whereClause(f, opts);
  return {
    sql: w.sql.replace(/^sc\.current = TRUE( AND )?/, "").replace(/\b(sc|s)\./g, "r.") || "1",
    params: w.params,
  };
}
