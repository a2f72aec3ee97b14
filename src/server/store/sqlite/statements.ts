import "server-only";
import type Database from "better-sqlite3";
import type { DbCtx } from "./dbCtx";

// Preparing a statement parses and plans its SQL; the device routes run the same few statements
// thousands of times, so each database keeps its prepared statements (keyed by SQL text).
const cache = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/** The prepared statement for `sql` on this context's database, prepared once. */
export function stmt(ctx: DbCtx, sql: string): Database.Statement {
  const db = ctx.drizzle.$client;
  let m = cache.get(db);
  if (!m) cache.set(db, (m = new Map()));
  let s = m.get(sql);
  if (!s) m.set(sql, (s = db.prepare(sql)));
  return s;
}
