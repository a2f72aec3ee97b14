/**
 * Which engine a context runs on (issue 18): a `postgres://` DATABASE_URL opens the process's
 * context on PostgreSQL (never silently a SQLite file beside it), and a SQLite-only path reached
 * on it says so instead of failing obscurely.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createPgContext, getContext, openContext, setContext } from "@/server/context";
import { sqliteDatabase } from "@/server/store/sqlite";
import { pgTestDatabase, pgUrl } from "../support/pg";

describe("the context's engine", () => {
  const saved = process.env.DATABASE_URL;
  afterEach(() => {
    if (saved === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = saved;
    setContext(undefined);
  });

  it("never opens a SQLite file for a postgres:// DATABASE_URL: asked before it is open, it says how to open it", () => {
    setContext(undefined);
    process.env.DATABASE_URL = "postgres://lab@127.0.0.1:5432/harness";
    expect(() => getContext()).toThrow(/PostgreSQL context is not open yet.*npm start/);
  });

  it.skipIf(!pgUrl)("opens the process's context on the DATABASE_URL's PostgreSQL once, for every caller", async () => {
    const t = await pgTestDatabase();
    setContext(undefined);
    process.env.DATABASE_URL = t.url;
    try {
      const [a, b] = await Promise.all([openContext(), openContext()]);
      expect(a).toBe(b);
      expect(getContext()).toBe(a);
      expect(a.store.engine).toBe("postgres");
      expect(await a.store.suites.list()).toEqual([]);
      await a.store.close();
    } finally {
      await t.drop();
    }
  });

  it.skipIf(!pgUrl)(
    "gives a PostgreSQL context its store, and a sentence when a SQLite-only path asks for better-sqlite3",
    async () => {
      const t = await pgTestDatabase();
      const ctx = await createPgContext(t.url, { poolMax: 2 });
      try {
        expect(ctx.store.engine).toBe("postgres");
        expect(() => sqliteDatabase(ctx.store)).toThrow(
          /SQLite-only code path ran on a PostgreSQL context.*unset DATABASE_URL/,
        );
      } finally {
        await ctx.store.close();
        await t.drop();
      }
    },
  );
});
