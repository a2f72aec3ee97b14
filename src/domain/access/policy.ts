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
  /** The scheme the browser used to reach this dashboard (see `requestScheme`); `http` when absent. */
  scheme?: Scheme;
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

export type Scheme = "http" | "https";

/**
 * The scheme a browser used to reach this dashboard. The server itself speaks plain HTTP; only a
 * TLS-terminating proxy on this machine (the documented `TRUST_LOOPBACK=0` setup, so the peer is
 * loopback) may say `X-Forwarded-Proto: https`. From anyone else the header is ignored.
 */
export function requestScheme(r: { remote: string; loopbackTrusted: boolean; forwardedProto: string | null }): Scheme {
  const proxied = !r.loopbackTrusted && isLoopback(r.remote);
  return proxied && r.forwardedProto?.trim().toLowerCase() === "https" ? "https" : "http";
}

/**
 * A state-changing request carrying an Origin that is not this dashboard's own is refused:
 * a web page open in the researcher's browser must not be able to queue sessions or revoke
 * devices through the loopback exemption (CSRF). Requests without Origin (scripts, curl) pass.
 * Scheme, host and port are all compared (issue 32): `https://127.0.0.1:3000` is another origin
 * than `http://127.0.0.1:3000`. A default port is the same with or without it (`:80` on http).
 */
export function isCrossSite(
  method: string,
  origin: string | null,
  host: string | null,
  scheme: Scheme = "http",
): boolean {
  if (SAFE.has(method.toUpperCase()) || !origin) return false;
  if (!host) return true;
  try {
    const from = new URL(origin);
    const own = new URL(`${scheme}://${host}`);
    return from.protocol !== own.protocol || from.host !== own.host;
  } catch {
    return true;
  }
}

export function decideAccess(r: AccessRequest): Access {
  if (isCrossSite(r.method, r.origin, r.host, r.scheme) && !r.pathname.startsWith("/api/device/")) return "cross_site";
  if (isPublicPath(r.pathname)) return "allow";
  if (r.loopbackTrusted !== false && isLoopback(r.remote)) return "allow";
  if (r.adminConfigured) return r.adminSession ? "allow" : "login";
  return "forbidden";
}
