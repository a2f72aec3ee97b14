import { describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { adminSessions, type LogoutStore } from "../../../server/admin-session";

/** Logouts kept in memory, as the database keeps them (src/server/store AccessStore). */
function memoryLogouts(): LogoutStore {
  const out = new Map<string, number>();
  return {
    logout: async (id, expires) => void out.set(id, expires),
    loggedOut: async (id) => out.has(id),
  };
}
const { hasSession, issueCookie, revokeSession } = adminSessions(randomBytes(32), memoryLogouts());

const value = (setCookie: string) => setCookie.split(";")[0];
const HOUR = 3_600_000;

describe("admin session cookies", () => {
  it("are refused once logged out, for the rest of their 12 hours, while other sessions go on", async () => {
    const now = 1_800_000_000_000;
    const mine = value(issueCookie(now));
    const other = value(issueCookie(now));
    expect(await hasSession(mine, now + 1)).toBe(true);
    await revokeSession(`theme=dark; ${mine}`, now + HOUR);
    for (const t of [now + HOUR, now + 6 * HOUR, now + 12 * HOUR - 1]) expect(await hasSession(mine, t)).toBe(false);
    expect(await hasSession(other, now + HOUR)).toBe(true);
  });
  it("still expire after 12 hours and refuse a forged signature", async () => {
    const now = 1_800_000_000_000;
    const c = value(issueCookie(now));
    expect(await hasSession(c, now + 12 * HOUR)).toBe(false);
    const forged = c.replace(/.$/, (x) => (x === "A" ? "B" : "A"));
    expect(await hasSession(forged, now)).toBe(false);
    await revokeSession(forged, now); // not a session: nothing to remember, and the real one stays valid
    expect(await hasSession(c, now)).toBe(true);
  });
  it("each carry their own session id", () => {
    expect(value(issueCookie(0))).not.toBe(value(issueCookie(0)));
  });
});
