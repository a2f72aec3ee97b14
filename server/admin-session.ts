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

export function issueCookie(now: number): string {
  const payload = String(now + TTL_MS);
  return `${COOKIE}=${payload}.${sign(payload)}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${TTL_MS / 1000}`;
}

export function clearCookie(): string {
  return `${COOKIE}=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0`;
}

/** True when the request carries an unexpired cookie this process signed. */
export function hasSession(cookieHeader: string | undefined, now: number): boolean {
  const m = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${COOKIE}=(\\d+)\\.([A-Za-z0-9_-]+)`));
  if (!m) return false;
  const expected = Buffer.from(sign(m[1]));
  const got = Buffer.from(m[2]);
  return got.length === expected.length && timingSafeEqual(got, expected) && Number(m[1]) > now;
}
