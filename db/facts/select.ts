import { RUN_FACTS, TURN_FACTS, type FactColumn } from "./definition";
import type { Dialect } from "./dialect";

/** The PostgreSQL type of a column by name (SQLite's renderings ignore it). */
export type TypeOf = (column: string) => string;

/** A value named by its column when it is not that column already (a readable recomputation). */
const named = (expr: string, name: string) => (expr.endsWith(`.${name}`) ? expr : `${expr} AS ${name}`);

function value(d: Dialect, c: FactColumn, typeOf: TypeOf): string {
  const s = c.source;
  switch (s.kind) {
    case "row":
      return s.sql;
    case "json":
      return `COALESCE(${d.jsonNumber(s.doc, s.path, typeOf(c.name))}, 0)`;
    case "turns":
      return d.as(`COALESCE(t.${c.name}, 0)`, typeOf(c.name));
    case "trace":
      return d.jsonNumberOnly(d.traceText("tr.body"), s.path, typeOf(c.name), "traces tr WHERE tr.run_id = r.id");
  }
}

/** A turns sum's aggregate over the turns' own columns, or its increment by one `NEW` turn. */
export function turnsSum(d: Dialect, factors: string[], row = ""): string {
  if (!row) return factors.length ? `SUM(${d.product(factors)})` : "COUNT(*)";
  return factors.length ? d.product(factors.map((f) => `${row}.${f}`)) : "1";
}

/**
 * The facts of the runs whose current score `scoreWhere` selects (over `scores sc`), in the order of
 * `columns`: the full recomputation, and with a narrower `turnsWhere` (over `turns`, unaliased) a
 * few runs' rows without summing every turn in the database.
 */
export function runFactsSelect(
  d: Dialect,
  opts: { scoreWhere: string; turnsWhere: string; columns?: FactColumn[]; typeOf?: TypeOf },
): string {
  const columns = opts.columns ?? RUN_FACTS;
  const typeOf = opts.typeOf ?? (() => "");
  const sums = columns.flatMap((c) =>
    c.source.kind === "turns" ? [`${turnsSum(d, c.source.factors)} AS ${c.name}`] : [],
  );
  return `SELECT ${columns.map((c) => named(value(d, c, typeOf), c.name)).join(",\n       ")}
  FROM scores sc JOIN runs r ON r.id = sc.run_id JOIN sessions s ON s.id = r.session_id
  LEFT JOIN (SELECT run_id, ${sums.join(", ")}
               FROM turns WHERE ${opts.turnsWhere} GROUP BY run_id) t ON t.run_id = r.id
 WHERE ${d.cond({ is: "sc.current" })} AND (${opts.scoreWhere})`;
}

/**
 * turn_facts' rows (ADR 11): each turn of the runs in `facts` (run_facts, or a recomputation of it,
 * aliased f) that `where` keeps. Engine-neutral: DuckDB runs it too (src/server/columnar/tables.ts).
 */
export function turnFactsSelect(facts: string, where: string, columns = TURN_FACTS): string {
  return `SELECT ${columns.map((c) => named(c.sql, c.name)).join(", ")}
  FROM ${facts} f JOIN turns t ON t.run_id = f.id WHERE ${where}`;
}

export const columnList = (columns: { name: string }[]) => columns.map((c) => c.name).join(", ");

/**
 * The tables and `SET`s a session's `column` is copied by: the run_facts columns read from it, and
 * the turn_facts columns that copy those.
 */
export function copySession(column: string): [table: string, set: string][] {
  const runCols = RUN_FACTS.filter((c) => c.source.kind === "row" && c.source.sql === `s.${column}`).map((c) => c.name);
  const turnCols = TURN_FACTS.filter((c) => runCols.some((r) => c.sql === `f.${r}`)).map((c) => c.name);
  const set = (cols: string[]) => cols.map((c) => `${c} = NEW.${column}`).join(", ");
  return [["run_facts", set(runCols)], ...(turnCols.length ? [["turn_facts", set(turnCols)] as [string, string]] : [])];
}
