/**
 * Issue 18.3 on PostgreSQL, with two dashboard processes on one database (two contexts, each with
 * its own pool and LISTEN connection): the admin login works across them (one signing key, from a
 * settings row), its rate limit is shared, a logout holds everywhere, and the demo starts once.
 */
import { afterEach, describe, expect, it } from "vitest";
import path from "node:path";
import { adminSessions, signingKey } from "../../../server/admin-session";
import { createPgContext, setContext, type Ctx } from "@/server/context";
import { loadRepositorySuites } from "@/server/boot";
import { setDemoPhoneLauncher, startDemo } from "@/server/demo/startDemo";
import { ServiceError } from "@/server/errors";
import { pgTestDatabase, pgUrl } from "../../support/pg";

let open: Ctx[] = [];
let drop: (() => Promise<void>) | undefined;
afterEach(async () => {
  setDemoPhoneLauncher(undefined);
  setContext(undefined);
  for (const c of open) await c.store.close();
  open = [];
  await drop?.();
  drop = undefined;
});

/** Two processes on one fresh database. */
async function twoProcesses(): Promise<[Ctx, Ctx]> {
  const db = await pgTestDatabase();
  drop = db.drop;
  open = await Promise.all([createPgContext(db.url, { poolMax: 3 }), createPgContext(db.url, { poolMax: 3 })]);
  return [open[0], open[1]];
}

const login = (ctx: Ctx) =>
  signingKey(undefined, (k, v) => ctx.store.access.claimSetting(k, v)).then((key) =>
    adminSessions(key, ctx.store.access),
  );
const cookieValue = (setCookie: string) => setCookie.split(";")[0];

describe.skipIf(!pgUrl)("two dashboard processes on one PostgreSQL", () => {
  it("share one signing key: a cookie from one is a session at the other, and a logout at either holds at both", async () => {
    const [a, b] = await twoProcesses();
    const [atA, atB] = await Promise.all([login(a), login(b)]);
    const now = Date.now();
    const cookie = cookieValue(atA.issueCookie(now));
    expect(await atB.hasSession(cookie, now + 1)).toBe(true);
    await atB.revokeSession(cookie, now + 2);
    expect(await atA.hasSession(cookie, now + 3)).toBe(false);
    expect(await atB.hasSession(cookieValue(atB.issueCookie(now)), now + 3)).toBe(true);
  });

  it("count login attempts together: five at one process, the sixth at the other is refused until the minute is over", async () => {
    const [a, b] = await twoProcesses();
    const t = 1_800_000_000_000;
    const tries = await Promise.all(
      [a, b, a, b, a].map((ctx, i) => ctx.store.access.attempt("203.0.113.7", t + i, 5, 60_000)),
    );
    expect(tries.every((r) => r.allowed)).toBe(true);
    const refused = await b.store.access.attempt("203.0.113.7", t + 10, 5, 60_000);
    expect(refused).toEqual({ allowed: false, retryAfterMs: 60_000 - 10 });
    expect((await a.store.access.attempt("198.51.100.2", t + 10, 5, 60_000)).allowed).toBe(true);
    expect((await a.store.access.attempt("203.0.113.7", t + 60_000, 5, 60_000)).allowed).toBe(true);
  });

  it("start the demo once when both are asked at the same moment: one starts it, the other says it is running", async () => {
    const [a, b] = await twoProcesses();
    const suites = path.join(__dirname, "..", "..", "..", "suites");
    await loadRepositorySuites(a, suites);
    const launched: string[][] = [];
    setDemoPhoneLauncher((_origin, tokens) => {
      launched.push(tokens);
      return { running: () => true, stop: () => undefined };
    });
    const results = await Promise.allSettled([startDemo(a, "http://127.0.0.1:1"), startDemo(b, "http://127.0.0.1:2")]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const failed = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(failed.reason).toBeInstanceOf(ServiceError);
    expect((failed.reason as ServiceError).message).toMatch(/A demo is already running/);
    expect(launched).toHaveLength(1);
    const { z } = await import("zod");
    const n = await a.store.sql.get(z.object({ n: z.number() }), "SELECT COUNT(*) AS n FROM sessions");
    expect(n?.n).toBe(1);
  });
});
