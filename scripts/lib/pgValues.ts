/**
 * SQLite values to the PostgreSQL column types of db/schema-pg (the source of truth for what each
 * column is on PostgreSQL), for copying a seeded SQLite database into PostgreSQL (pgCopy.ts).
 * SQLite stores booleans as 0/1 and millisecond timestamps as integers; PostgreSQL has boolean
 * and bigint. A value that does not fit its column is a bug in the seed, said plainly, rather
 * than a row PostgreSQL silently coerces.
 */

/** The PostgreSQL types db/schema-pg uses; anything else needs a conversion here first. */
export type PgType = "text" | "integer" | "bigint" | "boolean" | "double precision";
const TYPES: readonly string[] = ["text", "integer", "bigint", "boolean", "double precision"];

export function pgType(sqlType: string): PgType {
  if (!TYPES.includes(sqlType))
    throw new Error(
      `The PostgreSQL column type ${sqlType} has no conversion from SQLite yet: add it to scripts/lib/pgValues.ts.`,
    );
  return sqlType as PgType;
}

/** One SQLite value as the value PostgreSQL's `type` column takes (null stays null). */
export function toPgValue(type: PgType, v: unknown, where: string): unknown {
  if (v === null || v === undefined) return null;
  const bad = () =>
    new Error(`${where}: the SQLite value ${JSON.stringify(v)} does not fit a PostgreSQL ${type} column.`);
  switch (type) {
    case "boolean":
      if (v === 0 || v === 1) return v === 1;
      if (typeof v === "boolean") return v;
      throw bad();
    case "integer":
    case "bigint":
      // better-sqlite3 returns numbers (or bigint in safeIntegers mode); a non-integer is a seed bug.
      if (typeof v === "bigint") return v.toString();
      if (typeof v === "number" && Number.isInteger(v)) return v;
      throw bad();
    case "double precision":
      if (typeof v === "number") return v;
      throw bad();
    case "text":
      if (typeof v === "string") return v;
      throw bad();
  }
}

/**
 * An INSERT of `rows` rows with one typed parameter per value. Each value travels as itself in the
 * protocol; an array parameter per column (`unnest`) was tried first and loaded 3 MB/s, pg
 * escaping every quote of every 21 KB trace into an array literal the server then parsed back.
 */
export function valuesInsert(table: string, columns: { name: string; type: PgType }[], rows: number): string {
  const names = columns.map((c) => `"${c.name}"`).join(", ");
  const tuples: string[] = [];
  for (let r = 0; r < rows; r++)
    tuples.push(`(${columns.map((c, i) => `$${r * columns.length + i + 1}::${c.type}`).join(", ")})`);
  return `INSERT INTO "${table}" (${names}) VALUES ${tuples.join(", ")}`;
}

/** PostgreSQL takes at most 65,535 parameters in one statement: the rows of a batch of `columns` columns. */
export const maxRows = (columns: number, cap = 1000) => Math.max(1, Math.min(cap, Math.floor(65_535 / columns)));
