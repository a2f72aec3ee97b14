import "server-only";
import {
  FILTER_FIELDS,
  type AnalyticsFilter,
  type FilterColumn,
  type FilterKey,
} from "@/domain/analytics/filterFields";

/**
 * The conditions of every analytics filter, from its field list (filterFields.ts), with the table
 * alias of the run's (`run`), its session's (`session`) and its current score's (`score`) columns.
 * Parameters are bound, never interpolated; booleans are compared with TRUE/FALSE and bound as
 * booleans, which both engines accept (SQLite's TRUE is 1 and the SQLite runner binds true/false
 * as 1/0, src/server/store/sql.ts).
 */
function conditions(
  f: AnalyticsFilter,
  opts: { includeUnscorable?: boolean },
  alias: Record<FilterColumn["on"], string>,
): { parts: string[]; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  // Every condition but the session list is written so that no index can serve it: `(c) = TRUE`
  // keeps exactly the rows `c` keeps (NULL and FALSE both drop), but SQLite's planner then never
  // walks a covering index of run_facts (ADR 11) row by row for a view that needs each run's row,
  // as it did when it guessed that `trial = FALSE` on an index entry would spare most lookups (the
  // progress view: 290 ms to 560 ms at 100k runs). A view grouped in index order still reads the
  // index alone. The session list stays a plain IN: run_facts_session serves it.
  const push = (cond: string) => parts.push(`(${cond}) = TRUE`);
  const values: Partial<Record<FilterKey, unknown>> = f;
  const col = (c: FilterColumn) => `${alias[c.on]}.${c.name}`;
  for (const field of FILTER_FIELDS) {
    const v = values[field.key];
    if (!field.column || field.kind === "flag") continue;
    if (field.kind === "list") {
      const list = v as string[];
      if (!list.length) continue;
      parts.push(`${col(field.column)} IN (${list.map(() => "?").join(", ")})`);
      params.push(...list);
    } else if (v !== undefined) {
      push(`${col(field.column)} = ?`);
      params.push(v);
    }
  }
  // Exclusions last, where they always stood: every statement keeps its text, and so its plan.
  for (const field of FILTER_FIELDS)
    if (field.kind === "flag" && field.column && !values[field.key]) push(`${col(field.column)} = FALSE`);
  // An unscorable run has passed = false without its checks having been judged: counting it
  // would lower pass rates for a reason that is not the harness's (ADR 6).
  if (!opts.includeUnscorable) push(`${alias.score}.unscorable IS NULL`);
  return { parts, params };
}

/** The WHERE clause over `runs r JOIN sessions s JOIN scores sc` (current scores only), for the SQL runner. */
export function runsWhere(
  f: AnalyticsFilter,
  opts: { includeUnscorable?: boolean } = {},
): { sql: string; params: unknown[] } {
  const c = conditions(f, opts, { run: "r", session: "s", score: "sc" });
  return { sql: ["sc.current = TRUE", ...c.parts].join(" AND "), params: c.params };
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
 * Each turn of those runs with its time and its run's filter columns under the same names
 * (turn_facts, ADR 11), so `factsWhere` applies as it is: the median turn time reads it alone.
 */
export const FROM_TURN_FACTS = "turn_facts r";

/**
 * `runsWhere` over `run_facts r`: the very same conditions and parameters (every column is
 * there under its own name; every row is a current score), so each filter stays exact.
 */
export function factsWhere(
  f: AnalyticsFilter,
  opts: { includeUnscorable?: boolean } = {},
): { sql: string; params: unknown[] } {
  const c = conditions(f, opts, { run: "r", session: "r", score: "r" });
  return { sql: c.parts.join(" AND ") || "TRUE", params: c.params };
}
