import "server-only";
import type Database from "better-sqlite3";
import { parseRows, sqliteParams, type SqlRunner } from "../sql";

/** The SQLite runner: prepared statements (cached by better-sqlite3's caller here), run synchronously. */
export function sqliteSql(db: Database.Database): SqlRunner {
  const cache = new Map<string, Database.Statement>();
  const prepare = (text: string) => {
    let s = cache.get(text);
    if (!s) {
      s = db.prepare(text);
      if (cache.size < 2000) cache.set(text, s);
    }
    return s;
  };
  return {
    dialect: "sqlite",
    all: async (row, text, params = []) => parseRows(row, prepare(text).all(...sqliteParams(params)), text),
    get: async (row, text, params = []) => {
      const r = prepare(text).get(...sqliteParams(params));
      return r === undefined ? undefined : parseRows(row, [r], text)[0];
    },
    run: async (text, params = []) => prepare(text).run(...sqliteParams(params)).changes,
  };
}
