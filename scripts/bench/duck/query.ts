/**
 * Helpers of the DuckDB baselines (baselines*.ts): rows as plain objects with SQLite's value types,
 * and the comparison of a baseline's answer with the service's before anything is timed.
 */
import type { DuckDBConnection, DuckDBValue } from "@duckdb/node-api";

/**
 * The default analytics filter (current scores, no trial sessions, no superseded results, no
 * unscorable runs: `whereClause` with `AnalyticsFilter.parse({})`), over `run_facts`, which is one
 * row per run with a current score: what a researcher's `runs.csv` holds.
 */
export const DEFAULT_WHERE = "trial = 0 AND superseded = 0 AND unscorable IS NULL";
/** The same over `run_facts r` joined to tables that share a column name (scores.unscorable). */
export const DEFAULT_WHERE_R = "r.trial = 0 AND r.superseded = 0 AND r.unscorable IS NULL";

const toJs = (v: unknown): unknown => (typeof v === "bigint" ? Number(v) : typeof v === "boolean" ? (v ? 1 : 0) : v);

export async function rows<T = Record<string, unknown>>(
  conn: DuckDBConnection,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const reader = await conn.runAndReadAll(sql, params as DuckDBValue[]);
  return reader.getRowObjectsJS().map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, toJs(v)])) as T);
}

const num = (v: number) => (Number.isInteger(v) ? String(v) : Number.isFinite(v) ? v.toPrecision(9) : String(v));

/**
 * A canonical text of a value: numbers to 9 significant digits (the engines sum doubles in other
 * orders), object keys sorted, `undefined` as absent. Arrays keep their order unless `unordered`,
 * where they compare as multisets (rows whose order neither engine defines, e.g. GROUP BY output
 * that the domain code does not sort).
 */
export function canonical(v: unknown, unordered = false): string {
  if (v === null || v === undefined) return "null";
  if (typeof v === "number") return num(v);
  if (typeof v === "bigint") return String(v);
  if (typeof v !== "object") return JSON.stringify(v);
  if (v instanceof Map) return canonical(Object.fromEntries(v), unordered);
  if (Array.isArray(v)) {
    const items = v.map((x) => canonical(x, unordered));
    if (unordered) items.sort();
    return `[${items.join(",")}]`;
  }
  const o = v as Record<string, unknown>;
  return `{${Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonical(o[k], unordered)}`)
    .join(",")}}`;
}

/** Null when the two answers carry the same numbers, else the first place they differ. */
export function differ(service: unknown, duck: unknown): string | null {
  const a = canonical(service, true);
  const b = canonical(duck, true);
  if (a === b) return null;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  const at = Math.max(0, i - 120);
  return `service …${a.slice(at, i + 120)}… | DuckDB …${b.slice(at, i + 120)}…`;
}
