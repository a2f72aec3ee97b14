import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** Admin login for non-loopback browsers: a password from ADMIN_PASSWORD, a signed cookie. */
export const COOKIE = "hl_admin";
const TTL_MS = 12 * 60 * 60 * 1000;
// A fresh key each start: restarting the dashboard logs everyone out, which is acceptable here.
const key = randomBytes(32);

const digest = (s: string) => createHash("sha256").update(s).digest();

/** Constant-time comparison of a submitted password with the configured one. */
export function passwordMatches(submitted: string, configured: string): boolean {
  return timingSafeEqual(digest(submitted), digest(configured));
}

const sign = (payload: string) => createHmac("sha256", key).update(payload).digest("base64url");

/**
 * Sessions logged out before their cookie expires: session id → expiry. A logged-out cookie must
 * not keep working for the rest of its 12 hours (someone who copied it, a shared browser). Kept in
 * memory until each expires; a restart forgets them, but a restart also changes the key, which
 * already invalidates every cookie.
 */
const revoked = new Map<string, number>();

/** The cookie's value is `<expiry ms>.<random session id>.<HMAC of both>`. */
export function issueCookie(now: number): string {
  const payload = `${now + TTL_MS}.${randomBytes(16).toString("base64url")}`;
  return `${COOKIE}=${payload}.${sign(payload)}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${TTL_MS / 1000}`;
}

export function clearCookie(): string {
  return `${COOKIE}=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0`;
}

/** The session a cookie header carries, if this process signed it and it has not expired. */
function session(cookieHeader: string | undefined, now: number): { id: string; expires: number } | null {
  const m = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${COOKIE}=((\\d+)\\.([A-Za-z0-9_-]{22}))\\.([A-Za-z0-9_-]+)`));
  if (!m) return null;
  const expected = Buffer.from(sign(m[1]));
  const got = Buffer.from(m[4]);
  if (got.length !== expected.length || !timingSafeEqual(got, expected) || Number(m[2]) <= now) return null;
  return { id: m[3], expires: Number(m[2]) };
}

/** True when the request carries an unexpired cookie this process signed and nobody logged out. */
export function hasSession(cookieHeader: string | undefined, now: number): boolean {
  const s = session(cookieHeader, now);
  return s !== null && !revoked.has(s.id);
}

/** Logs the cookie's session out for good; only genuine cookies are remembered, so the set stays small. */
export function revokeSession(cookieHeader: string | undefined, now: number): void {
  for (const [id, expires] of revoked) if (expires <= now) revoked.delete(id);
  const s = session(cookieHeader, now);
  if (s) revoked.set(s.id, s.expires);
}
