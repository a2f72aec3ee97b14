/**
 * What every request meets first in server/main.ts, before access, login or any route (issue 14):
 * the Host check against DNS rebinding, the security headers of every answer, and closing a
 * connection whose request body was refused before it was read.
 */
import type http from "node:http";
import type net from "node:net";
import os from "node:os";
import { decideHost, parseAllowedHosts, type HostDecision } from "../src/domain/access/host";
import { parseRequestTarget } from "../src/domain/http/request-target";

// The machine's own name, bare and as its mDNS `.local` name, is how a researcher may type it; an
// attacker would need the victim to browse to that very name on a page the attacker serves.
const own = os.hostname().toLowerCase();
const allowed = [...parseAllowedHosts(process.env.ALLOWED_HOSTS), own, own.endsWith(".local") ? own : `${own}.local`];

let addresses: string[] = [];
let readAt = -Infinity;
/**
 * This machine's interface addresses. A laptop on Wi-Fi can get a new one while running for hours,
 * so a Host that is not known yet rereads them (at most once a second).
 */
function ownAddresses(now: number, fresh: boolean): string[] {
  if (fresh && now - readAt < 1000) return addresses;
  if (!fresh && readAt > -Infinity) return addresses;
  addresses = Object.values(os.networkInterfaces()).flatMap((list) => (list ?? []).map((i) => i.address));
  readAt = now;
  return addresses;
}

export interface Refusal {
  status: number;
  body: { error: { code: string; message: string } };
}

function hostDecision(host: string | undefined, now: number): HostDecision {
  const decision = decideHost(host, { interfaces: ownAddresses(now, false), allowed });
  return decision.kind === "unknown" ? decideHost(host, { interfaces: ownAddresses(now, true), allowed }) : decision;
}

const badRequest = (message: string): Refusal => ({
  status: 400,
  body: { error: { code: "invalid_request", message } },
});

/**
 * Null when the request target is a path, or an absolute-form `http(s)://<authority>/path` whose
 * authority this dashboard answers to: RFC 9112 §3.2.2 says that authority replaces the Host, so
 * the request is rewritten to its path and that Host, and what follows sees an ordinary request.
 * Anything else is a 400 before Next.js sees it: Next.js answered `GET http://evil.com/` with a
 * 308 to evil.com (issue 32). This dashboard is not a proxy.
 */
export function refuseTarget(req: http.IncomingMessage, now: number): Refusal | null {
  const target = parseRequestTarget(req.url ?? "/");
  if (target.form === "origin") return null;
  if (target.form === "other") return badRequest("The request target is not a path; send a path such as /api/health.");
  const web = target.scheme === "http" || target.scheme === "https";
  if (web && hostDecision(target.authority, now).kind === "allow") {
    req.url = target.path;
    req.headers.host = target.authority;
    return null;
  }
  return badRequest(
    `The request target names another server ("${target.scheme}://${target.authority.slice(0, 100)}"), and this dashboard is not a proxy; send the path alone, such as /api/health.`,
  );
}

/** Null when this dashboard answers to the request's Host; otherwise the 400 or 421 to send. */
export function refuseHost(req: http.IncomingMessage, now: number): Refusal | null {
  const decision = hostDecision(req.headers.host, now);
  if (decision.kind === "allow") return null;
  if (decision.kind === "malformed") {
    return {
      status: 400,
      body: {
        error: {
          code: "invalid_request",
          message:
            "The Host header is not a host name or address with an optional port; send the name or address you connected to.",
        },
      },
    };
  }
  return {
    status: 421,
    body: {
      error: {
        code: "misdirected_request",
        message: `This dashboard does not answer to the name "${decision.name}"; open it as localhost or by this machine's address, or add the name to ALLOWED_HOSTS and restart it.`,
      },
    },
  };
}

/**
 * Sent with every answer. Pages: no framing by anyone (clickjacking), scripts and styles only from
 * this origin plus inline ones, which Next.js's hydration needs (the RSC payload is inline
 * `<script>`s; nonces would force every page to render per request). Pages render model output
 * as React text, so inline scripts are not a door for it. API answers are data: nothing runs.
 */
const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");
const API_CSP = "default-src 'none'; frame-ancestors 'none'";

export function setSecurityHeaders(res: http.ServerResponse, pathname: string): void {
  res.setHeader("content-security-policy", pathname.startsWith("/api/") ? API_CSP : PAGE_CSP);
  res.setHeader("x-frame-options", "DENY");
  res.setHeader("x-content-type-options", "nosniff");
  res.setHeader("referrer-policy", "same-origin");
}

const hasBody = (req: http.IncomingMessage) =>
  (req.headers["content-length"] !== undefined && req.headers["content-length"] !== "0") ||
  req.headers["transfer-encoding"] !== undefined;

/**
 * A request answered before its body was all read (a 401 before the token was checked against
 * the body, a 413 over a limit): nothing will read the rest, so a client still sending would stall
 * on a full socket. The answer says `Connection: close`, and Node ends the socket once the answer
 * is flushed (destroySoon). Destroying it here instead could drop the answer unread.
 */
export function closeIfUnread(req: http.IncomingMessage, res: http.ServerResponse): void {
  if (!hasBody(req)) return;
  const writeHead = res.writeHead;
  res.writeHead = function (this: http.ServerResponse, ...args: Parameters<typeof writeHead>) {
    if (!req.complete) this.setHeader("connection", "close");
    return writeHead.apply(this, args);
  } as typeof writeHead;
  lingerOnClose(req);
  // A 413 from a handler that stopped reading (Next.js's routes): the rest of a body of declared
  // size is read and dropped before the answer ends and the connection closes, as the device API
  // does itself; closing on a client still sending would reach it as a reset, not as the 413.
  const end = res.end;
  res.end = function (this: http.ServerResponse, ...args: unknown[]) {
    if (this.statusCode === 413 && drainsBeforeRefusal(req)) {
      void drainRefusedBody(req).then(() => (end as (...a: unknown[]) => unknown).apply(this, args));
      return this;
    }
    return (end as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof end;
}

/** How long a closing connection keeps reading what a client still sends after its answer. */
const LINGER_MS = 2_000;

/**
 * A lingering close (as web servers do on a refused upload): when Node ends a connection whose
 * request body was not all read, it shuts its side (FIN) and, once the answer is flushed, closes
 * the socket. Bytes the client sent meanwhile are then still unread, and the kernel answers them
 * with a reset that can discard the answer before the client has read it (a phone saw ECONNRESET
 * instead of its 401 on a busy machine). Here the socket keeps reading and dropping them after the
 * answer, and closes when the client does or LINGER_MS later.
 */
function lingerOnClose(req: http.IncomingMessage): void {
  const socket = req.socket as net.Socket & { destroySoon?: () => void };
  if (typeof socket.destroySoon !== "function" || req.complete) return;
  socket.destroySoon = function (this: net.Socket) {
    if (this.destroyed) return;
    if (this.writable) this.end();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once("close", () => clearTimeout(timer));
    this.once("end", () => this.destroy());
    this.on("data", () => {});
    this.resume();
  };
}

/** Bodies the device API buffers at most: its handlers refuse anything over 5 MiB (TRACE_LIMIT) with a 413. */
export const BODY_CAP = 5 * 1024 * 1024 + 1;
/** A refused body (declared at most this large, or sent chunked) is read and dropped up to this many bytes before its 413. */
const DRAIN_MAX = 2 * BODY_CAP;
/**
 * How long a refused body is drained at most. 5 s was too short on a loaded 2-core machine: a
 * 5 MiB upload over loopback still took longer, and the phone saw ECONNRESET (CI, two Playwright
 * workers). At most DRAIN_MAX bytes are read, so a longer wait costs time on one connection, not memory.
 */
const DRAIN_MS = 20_000;

/**
 * Whether a refused request's body is drained first: not all read, and declared (Content-Length)
 * at most DRAIN_MAX, or sent chunked (its size unknown: at most DRAIN_MAX bytes are then read).
 */
export function drainsBeforeRefusal(req: http.IncomingMessage): boolean {
  if (!hasBody(req) || req.complete) return false;
  if (req.headers["content-length"] === undefined) return /chunked/i.test(String(req.headers["transfer-encoding"]));
  const declared = Number(req.headers["content-length"]);
  return declared > 0 && declared <= DRAIN_MAX;
}

/**
 * Reads and drops a body refused as too large (see drainsBeforeRefusal; at most DRAIN_MS), so its
 * 413 goes out on a connection that has read everything: answering while the phone is still
 * sending, then closing, makes the kernel reset the connection, and the phone's HTTP client then
 * reports ECONNRESET instead of the 413 (seen in CI under load for a 5 MiB trace, and for a 6 MiB
 * chunked one). A chunked body is read up to DRAIN_MAX bytes; larger or slower bodies are not
 * waited for further: they get the 413 then, and the connection closes (lingering). Other
 * refusals (a 401 before the body) are not drained: an unauthenticated upload must not cost the
 * server its megabytes.
 */
export function drainRefusedBody(req: http.IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    // Already ended or torn down (a handler that cancelled its read): nothing more will arrive.
    if (req.destroyed || req.readableEnded) return resolve();
    const timer = setTimeout(done, DRAIN_MS);
    let read = 0;
    const count = (chunk: Buffer) => {
      read += chunk.length;
      if (read > DRAIN_MAX) done();
    };
    function done() {
      clearTimeout(timer);
      req.off("data", count);
      resolve();
    }
    req.on("data", count);
    req.once("end", done);
    req.once("close", done);
    req.once("error", done);
    req.resume();
  });
}
