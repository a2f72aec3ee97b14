/**
 * Who may use which part of the dashboard (docs/security.md). Phones use the device API with
 * their bearer tokens from anywhere; everything else answers the machine itself (loopback), or,
 * when an admin password is configured, anyone who has logged in with it.
 */
export type Access = "allow" | "login" | "forbidden" | "cross_site";

export interface AccessRequest {
  method: string;
  pathname: string;
  /** The socket's peer address, as the server saw it (never a header). */
  remote: string;
  /** The request's Origin header, if any, and the Host it was sent to. */
  origin: string | null;
  host: string | null;
  adminConfigured: boolean;
  adminSession: boolean;
  /**
   * Whether loopback peers are the machine's own user (default). Behind a reverse proxy or tunnel
   * on the same machine every request arrives from loopback, so it must be switched off there.
   */
  loopbackTrusted?: boolean;
}

const LOOPBACK = [/^127\.\d+\.\d+\.\d+$/, /^::1$/, /^::ffff:127\.\d+\.\d+\.\d+$/];

export function isLoopback(address: string): boolean {
  return LOOPBACK.some((re) => re.test(address));
}

/** Paths anyone may reach: the device protocol (it checks its own tokens), health, and logging in. */
export function isPublicPath(pathname: string): boolean {
  return (
    pathname.startsWith("/api/device/") ||
    pathname === "/api/health" ||
    pathname === "/login" ||
    pathname === "/api/auth/login" ||
    pathname === "/api/auth/logout"
  );
}

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A state-changing request carrying an Origin that is not this dashboard's own is refused:
 * a web page open in the researcher's browser must not be able to queue sessions or revoke
 * devices through the loopback exemption (CSRF). Requests without Origin (scripts, curl) pass.
 */
export function isCrossSite(method: string, origin: string | null, host: string | null): boolean {
  if (SAFE.has(method.toUpperCase()) || !origin) return false;
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}

export function decideAccess(r: AccessRequest): Access {
  if (isCrossSite(r.method, r.origin, r.host) && !r.pathname.startsWith("/api/device/")) return "cross_site";
  if (isPublicPath(r.pathname)) return "allow";
  if (r.loopbackTrusted !== false && isLoopback(r.remote)) return "allow";
  if (r.adminConfigured) return r.adminSession ? "allow" : "login";
  return "forbidden";
}
