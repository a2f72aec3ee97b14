import type { Cond } from "./definition";

/**
 * The few spellings the two engines disagree on, for the renderers (db/facts/select.ts, sqlite.ts,
 * pg.ts). `type` is the PostgreSQL type of the column a value is stored in: PostgreSQL's SQL
 * functions return their table's row type exactly, and its JSON text needs a cast, where SQLite
 * stores what it is given.
 */
export interface Dialect {
  engine: "sqlite" | "postgres";
  /** A WHERE that keeps every row. */
  all: string;
  cond(c: Cond): string;
  /** The value stored as `type` (PostgreSQL casts; SQLite stores the value as it is). */
  as(expr: string, type: string): string;
  /** The value at `path` of JSON text `doc`, read as a number; NULL when absent. */
  jsonNumber(doc: string, path: string[], type: string): string;
  /** The value at `path` of JSON text `doc` when it is a number, else NULL; `from` is the FROM of `doc`, if any. */
  jsonNumberOnly(doc: string, path: string[], type: string, from?: string): string;
  /** A product of integer columns, without overflow. */
  product(factors: string[]): string;
  /** The JSON text of a trace body column (SQLite stores bodies compressed: db/traceCodec.mjs). */
  traceText(col: string): string;
}

const sqlitePath = (path: string[]) => `'$.${path.join(".")}'`;
const pgPath = (path: string[]) => `'{${path.join(",")}}'`;

export const SQLITE: Dialect = {
  engine: "sqlite",
  all: "1",
  cond: (c) => cond(c, { is: (e) => `${e} = 1`, not: (e) => `${e} = 0`, changed: (a, b) => `${a} IS NOT ${b}` }),
  as: (expr) => expr,
  jsonNumber: (doc, path) => `json_extract(${doc}, ${sqlitePath(path)})`,
  jsonNumberOnly(doc, path, _type, from) {
    const p = sqlitePath(path);
    const value = `CASE WHEN json_type(${doc}, ${p}) IN ('integer', 'real') THEN json_extract(${doc}, ${p}) END`;
    return from ? `(SELECT ${value} FROM ${from})` : value;
  },
  // SQLite's integers are 64-bit already.
  product: (factors) => factors.join(" * "),
  traceText: (col) => `CAST(trace_utf8(${col}) AS TEXT)`,
};

export const POSTGRES: Dialect = {
  engine: "postgres",
  all: "TRUE",
  cond: (c) => cond(c, { is: (e) => e, not: (e) => `NOT ${e}`, changed: (a, b) => `${a} IS DISTINCT FROM ${b}` }),
  as: (expr, type) => `${expr}::${type}`,
  jsonNumber: (doc, path, type) => `(${doc}::jsonb #>> ${pgPath(path)})::${type}`,
  // The document is parsed once (a trace's body is large), in a subquery of its own.
  jsonNumberOnly: (doc, path, type, from) =>
    `(SELECT CASE WHEN jsonb_typeof(b.j) = 'number' THEN (b.j #>> '{}')::${type} END
            FROM (SELECT ${doc}::jsonb #> ${pgPath(path)} AS j${from ? ` FROM ${from}` : ""}) b)`,
  // integer × integer overflows integer: the first factor is widened.
  product: ([first, ...rest]) => [rest.length ? `${first}::bigint` : first, ...rest].join(" * "),
  // TOAST compresses the text itself.
  traceText: (col) => col,
};

function cond(
  c: Cond,
  spell: { is: (e: string) => string; not: (e: string) => string; changed: (a: string, b: string) => string },
): string {
  if ("is" in c) return spell.is(c.is);
  if ("not" in c) return spell.not(c.not);
  if ("changed" in c) return spell.changed(`OLD.${c.changed}`, `NEW.${c.changed}`);
  if ("all" in c) return c.all.map((x) => cond(x, spell)).join(" AND ");
  return c.sql;
}
