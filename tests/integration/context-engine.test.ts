/**
 * Which engine a context runs on (issue 18): a `postgres://` DATABASE_URL is not silently ignored
 * for a SQLite file while only the queue runs on PostgreSQL, and a PostgreSQL context's services
 * that are not ported say so instead of failing obscurely.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createPgContext, getContext, setContext } from "@/server/context";
import { pgTestDatabase, pgUrl } from "../support/pg";

describe("the context's engine", () => {
  const saved = process.env.DATABASE_URL;
  afterEach(() => {
    if (saved === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = saved;
    setContext(undefined);
  });

  it("refuses to start the dashboard on a postgres:// DATABASE_URL with a sentence saying what to do", () => {
    setContext(undefined);
    process.env.DATABASE_URL = "postgres://lab@127.0.0.1:5432/harness";
    expect(() => getContext()).toThrow(/does not start on PostgreSQL yet.*Unset DATABASE_URL/);
  });

  it.skipIf(!pgUrl)("gives a PostgreSQL context a queue store, and a sentence for the parts not ported", async () => {
    const t = await pgTestDatabase();
    const ctx = await createPgContext(t.url, { poolMax: 2 });
    try {
      expect(ctx.store.engine).toBe("postgres");
      expect(() => ctx.db).toThrow(/not ported to PostgreSQL yet.*unset DATABASE_URL/);
    } finally {
      await ctx.store.close();
      await t.drop();
    }
  });
});
