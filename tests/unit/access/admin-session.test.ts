import { describe, expect, it } from "vitest";
import { hasSession, issueCookie, revokeSession } from "../../../server/admin-session";

const value = (setCookie: string) => setCookie.split(";")[0];
const HOUR = 3_600_000;

describe("admin session cookies", () => {
  it("are refused once logged out, for the rest of their 12 hours, while other sessions go on", () => {
    const now = 1_800_000_000_000;
    const mine = value(issueCookie(now));
    const other = value(issueCookie(now));
    expect(hasSession(mine, now + 1)).toBe(true);
    revokeSession(`theme=dark; ${mine}`, now + HOUR);
    for (const t of [now + HOUR, now + 6 * HOUR, now + 12 * HOUR - 1]) expect(hasSession(mine, t)).toBe(false);
    expect(hasSession(other, now + HOUR)).toBe(true);
  });
  it("still expire after 12 hours and refuse a forged signature", () => {
    const now = 1_800_000_000_000;
    const c = value(issueCookie(now));
    expect(hasSession(c, now + 12 * HOUR)).toBe(false);
    const forged = c.replace(/.$/, (x) => (x === "A" ? "B" : "A"));
    expect(hasSession(forged, now)).toBe(false);
    revokeSession(forged, now); // not a session: nothing to remember, and the real one stays valid
    expect(hasSession(c, now)).toBe(true);
  });
  it("each carry their own session id", () => {
    expect(value(issueCookie(0))).not.toBe(value(issueCookie(0)));
  });
});
