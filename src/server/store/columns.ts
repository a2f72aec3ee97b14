import "server-only";
import { z } from "zod";

/**
 * Column value parsers for hand-written queries on both engines: PostgreSQL's `pg` returns
 * `COUNT`, `SUM` and `bigint` as strings and booleans as booleans, SQLite numbers and 0/1.
 */
export const num = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?(e[+-]?\d+)?$/i)]).transform(Number);
export const numOrNull = z.union([num, z.null()]);
export const int = num.pipe(z.number().int());
export const flag = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v) => v === true || v === 1);
export const flagOrNull = z.union([flag, z.null()]);
/**
 * An exact integer sent as text (`CAST(SUM(…) AS TEXT)`), for sums past 2⁵³ that neither engine's
 * driver may round on the way (the TTFT fit's power sums, ADR 11).
 */
export const bigText = z
  .string()
  .regex(/^-?\d+$/)
  .transform((v) => BigInt(v));

/**
 * Cheap parsers for queries that return a row per run or per turn (tens of thousands of rows):
 * plain numbers, as both engines hand them over (PostgreSQL's `int8` and `numeric` are parsed to
 * numbers by db/pg-client.ts). `num`'s string branch and transform cost ~5 µs a row: on the
 * states view's 27,647 turn rows at 10k runs, 1.69× a plain `prepare().all()`, 1.17× with these.
 */
export const plainNum = z.number();
export const plainNumOrNull = z.number().nullable();

/** The six exact power sums of a fit (n, Σx, Σy, Σx², Σxy, Σy²; ADR 11), each read as text. */
export const powerSumColumns = { n: bigText, sx: bigText, sy: bigText, sxx: bigText, sxy: bigText, syy: bigText };
