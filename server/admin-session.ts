import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** Admin login for non-loopback browsers: a password from ADMIN_PASSWORD, a signed cookie. */
export const COOKIE = "hl_admin";
const TTL_MS = 12 * 60 * 60 * 1000;

const digest = (s: string) => createHash("sha256").update(s).digest();

/** Constant-time comparison of a submitted password with the configured one. */
export function passwordMatches(submitted: string, configured: string): boolean {
  return timingSafeEqual(digest(submitted), digest(configured));
}

/** Where logged-out sessions are kept: the database (src/server/store AccessStore), shared by every process. */
export interface LogoutStore {
  logout(sessionId: string, expiresAt: number, now: number): Promise<void>;
  loggedOut(sessionId: string): Promise<boolean>;
}

/** The settings row that holds the signing key when ADMIN_SECRET is not set. */
export const SIGNING_KEY_SETTING = "admin_signing_key";

/**
 * The key cookies are signed with, the same in every process on one database (issue 18.3): from
 * ADMIN_SECRET when set (at least 32 characters), else one settings row that the first process to
 * start stores and the others read (`claim`: INSERT … ON CONFLICT DO NOTHING, then the stored value).
 */
export async function signingKey(
  secret: string | undefined,
  claim: (key: string, value: string) => Promise<string>,
): Promise<Buffer> {
  if (secret) {
    if (secret.length < 32)
      throw new Error("ADMIN_SECRET is shorter than 32 characters; set a longer random one (openssl rand -hex 32).");
    return createHash("sha256").update(secret).digest();
  }
  return Buffer.from(await claim(SIGNING_KEY_SETTING, randomBytes(32).toString("base64url")), "base64url");
}

/**
 * Admin sessions signed with `key`. A logged-out cookie must not keep working for the rest of its
 * 12 hours (someone who copied it, a shared browser), on any process: logouts are stored in the
 * database until the cookie would have expired.
 */
export function adminSessions(key: Buffer, store: LogoutStore) {
  const sign = (payload: string) => createHmac("sha256", key).update(payload).digest("base64url");

  /** The session a cookie header carries, if it was signed with this key and has not expired. */
  function session(cookieHeader: string | undefined, now: number): { id: string; expires: number } | null {
    const m = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${COOKIE}=((\\d+)\\.([A-Za-z0-9_-]{22}))\\.([A-Za-z0-9_-]+)`));
    if (!m) return null;
    const expected = Buffer.from(sign(m[1]));
    const got = Buffer.from(m[4]);
    if (got.length !== expected.length || !timingSafeEqual(got, expected) || Number(m[2]) <= now) return null;
    return { id: m[3], expires: Number(m[2]) };
  }

  return {
    /** The cookie's value is `<expiry ms>.<random session id>.<HMAC of both>`. */
    issueCookie(now: number): string {
      const payload = `${now + TTL_MS}.${randomBytes(16).toString("base64url")}`;
      return `${COOKIE}=${payload}.${sign(payload)}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${TTL_MS / 1000}`;
    },
    /** True when the request carries an unexpired cookie signed with this key and nobody logged it out. */
    async hasSession(cookieHeader: string | undefined, now: number): Promise<boolean> {
      const s = session(cookieHeader, now);
      return s !== null && !(await store.loggedOut(s.id));
    },
    /** Logs the cookie's session out for good; only genuine cookies are stored, so the table stays small. */
    async revokeSession(cookieHeader: string | undefined, now: number): Promise<void> {
      const s = session(cookieHeader, now);
      if (s) await store.logout(s.id, s.expires, now);
    },
  };
}

export function clearCookie(): string {
  return `${COOKIE}=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0`;
}
