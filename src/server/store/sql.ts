import "server-only";
import type { z } from "zod";

/**
 * Hand-written SQL, run on either engine (ADR 9). Queries are written once with `?` placeholders
 * and the dialect-neutral forms DESIGN.md lists (quoted camelCase aliases, `CASE` over booleans,
 * aliased subqueries); what differs per engine comes from `dialect` (src/server/store/dialect.ts).
 * Every row is parsed by the caller's zod schema, so a service's row type has one source and the
 * engines' differences in value types (0/1 and booleans, `COUNT` as a string) end in the schema.
 */
export interface SqlRunner {
  /** `duckdb`: the columnar mirror of the analytics summaries (src/server/store/columnar, ADR 12), reads only. */
  dialect: "sqlite" | "postgres" | "duckdb";
  all<S extends z.ZodType>(row: S, text: string, params?: readonly unknown[]): Promise<z.output<S>[]>;
  get<S extends z.ZodType>(row: S, text: string, params?: readonly unknown[]): Promise<z.output<S> | undefined>;
  /** Runs a statement that returns no rows; how many rows it changed. */
  run(text: string, params?: readonly unknown[]): Promise<number>;
}

/**
 * `Store.sql`: the runner, and a snapshot of it. The runner a snapshot hands to `read` has no
 * snapshot of its own: its queries already share one.
 */
export interface SqlDoor extends SqlRunner {
  /**
   * Runs `read` with a runner whose queries all see one snapshot of the database, however many
   * writes commit meanwhile (a page's view model: counts and feed must agree). PostgreSQL: a
   * REPEATABLE READ READ ONLY transaction on one pooled connection; SQLite: a read transaction on a
   * read-only connection of its own (WAL), so no write on the shared connection waits or joins it.
   */
  snapshot<T>(read: (sql: SqlRunner) => Promise<T>): Promise<T>;
}

/** better-sqlite3 binds no booleans: true/false become 1/0, as the SQLite schema stores them. */
export function sqliteParams(params: readonly unknown[]): unknown[] {
  return params.map((p) => (p === true ? 1 : p === false ? 0 : p));
}

/**
 * `?` placeholders to PostgreSQL's `$1, $2, …`, skipping quoted strings, quoted identifiers and
 * comments, so a `?` inside a literal stays a character. Memoised: a query's text is a constant.
 */
const numbered = new Map<string, string>();
export function toPgPlaceholders(text: string): string {
  const hit = numbered.get(text);
  if (hit !== undefined) return hit;
  let out = "";
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "'" || c === '"') {
      const end = closing(text, i, c);
      out += text.slice(i, end);
      i = end - 1;
    } else if (c === "-" && text[i + 1] === "-") {
      const end = text.indexOf("\n", i);
      const stop = end < 0 ? text.length : end;
      out += text.slice(i, stop);
      i = stop - 1;
    } else if (c === "?") {
      out += `$${++n}`;
    } else out += c;
  }
  if (numbered.size < 2000) numbered.set(text, out);
  return out;
}

/** The index just past the quote closing the one at `start` (a doubled quote is an escaped one). */
function closing(text: string, start: number, q: string): number {
  let i = start + 1;
  while (i < text.length) {
    if (text[i] === q) {
      if (text[i + 1] === q) i += 2;
      else return i + 1;
    } else i++;
  }
  return text.length;
}

/** Parses every row, naming the query's first words when a row does not fit (a bug, said plainly). */
export function parseRows<S extends z.ZodType>(row: S, rows: unknown[], text: string): z.output<S>[] {
  return rows.map((r) => {
    const parsed = row.safeParse(r);
    if (!parsed.success)
      throw new Error(
        `A database row did not have the expected shape (${text.trim().slice(0, 60)}…): ${parsed.error.issues
          .map((i) => `${i.path.join(".")}: ${i.message}`)
          .join("; ")}`,
      );
    return parsed.data;
  });
}
