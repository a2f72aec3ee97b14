/**
 * Which `Host` names this dashboard answers to (docs/security.md, issue 14). A web page whose
 * name an attacker points at 127.0.0.1 (DNS rebinding) is same-origin with everything it sends
 * there, so Origin checks cannot see it; only the Host it sends betrays it. A request is served
 * only when its Host is a loopback name or address, one of this machine's own addresses (phones
 * on the LAN), or a name the researcher configured (ALLOWED_HOSTS).
 */
export type HostDecision = { kind: "allow" } | { kind: "malformed" } | { kind: "unknown"; name: string };

export interface HostPolicy {
  /** This machine's interface addresses (`os.networkInterfaces()`), without scope ids. */
  interfaces: readonly string[];
  /** ALLOWED_HOSTS entries: exact names or addresses, or `*.example.com` for its subdomains. */
  allowed: readonly string[];
}

// RFC 9110 §7.2 / RFC 3986 §3.2.2, narrowed to what a client of this dashboard sends: a DNS name
// or IPv4 address of letters, digits, `.`, `-`, `_`, or a bracketed IPv6 address; an optional port.
const NAME = /^[a-z0-9._-]+$/i;
const IPV6 = /^\[[0-9a-f:.]+\]$/i;
const PORT = /^\d{1,5}$/;

/**
 * The host name of a Host header, lower-cased and normalised (IPv4 `127.1` → `127.0.0.1`, IPv6
 * compressed, brackets kept, one trailing dot dropped), or null when it is not a valid
 * `host[:port]`: userinfo, paths, spaces, `%`, an unbracketed IPv6, a port over 65535.
 */
export function parseHost(header: string): string | null {
  const v6 = header.startsWith("[");
  const end = v6 ? header.indexOf("]") + 1 : header.lastIndexOf(":") === -1 ? header.length : header.lastIndexOf(":");
  if (v6 && end === 0) return null;
  const name = header.slice(0, end);
  const rest = header.slice(end);
  if (rest !== "" && !(rest.startsWith(":") && PORT.test(rest.slice(1)) && Number(rest.slice(1)) <= 65535)) return null;
  if (!(v6 ? IPV6.test(name) : NAME.test(name))) return null;
  try {
    // The WHATWG parser validates IPv6 and normalises the many spellings of an IPv4 address.
    const hostname = new URL(`http://${name}/`).hostname;
    return hostname.endsWith(".") ? hostname.slice(0, -1) : hostname;
  } catch {
    return null;
  }
}

/**
 * Loopback names and addresses: `localhost` and `*.localhost` (RFC 6761 §6.3 reserves them for
 * loopback and browsers resolve them to it without asking DNS), 127.0.0.0/8 and `[::1]`.
 */
export function isLoopbackHost(hostname: string): boolean {
  return (
    hostname === "localhost" ||
    hostname.endsWith(".localhost") ||
    /^127\.\d+\.\d+\.\d+$/.test(hostname) ||
    hostname === "[::1]" ||
    hostname === "[::ffff:7f00:1]"
  );
}

/** An address as `parseHost` spells it: IPv6 in brackets, compressed; IPv4 as is. */
function spelled(address: string): string | null {
  const bare = address.replace(/%.*$/, "");
  return parseHost(bare.includes(":") ? `[${bare}]` : bare);
}

function configured(hostname: string, allowed: readonly string[]): boolean {
  return allowed.some((entry) => {
    const e = entry.trim().toLowerCase();
    if (e.startsWith("*.")) return hostname.endsWith(e.slice(1)) && hostname.length > e.length - 1;
    return e !== "" && parseHost(e) === hostname;
  });
}

/**
 * Decides a request's Host header. A missing one is allowed: HTTP/1.1 requires it (Node answers
 * 400 without it), and browsers, the only clients DNS rebinding can use, always send it.
 */
export function decideHost(header: string | null | undefined, policy: HostPolicy): HostDecision {
  if (header === null || header === undefined) return { kind: "allow" };
  const hostname = parseHost(header);
  if (hostname === null) return { kind: "malformed" };
  if (isLoopbackHost(hostname)) return { kind: "allow" };
  if (policy.interfaces.some((a) => spelled(a) === hostname)) return { kind: "allow" };
  if (configured(hostname, policy.allowed)) return { kind: "allow" };
  return { kind: "unknown", name: hostname };
}

/** ALLOWED_HOSTS as a list: comma-separated, blanks ignored. */
export function parseAllowedHosts(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}
