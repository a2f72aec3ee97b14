/**
 * The dashboard's HTTP server: Next.js behind a thin layer that decides who may use what (the
 * peer address comes from the socket, never from a header), handles the admin login, and shuts
 * down gracefully on SIGTERM. Run by `npm start` (scripts/start.mjs) as `tsx server/main.ts`.
 */
import http from "node:http";
import path from "node:path";
import next from "next";
import { decideAccess, requestScheme } from "../src/domain/access/policy";
import { pathEscapesValid } from "../src/domain/protocol/well-formed";
import { safeNextPath } from "../src/domain/access/redirect";
import { isClientAbort } from "../src/domain/http/client-abort";
import { adminSessions, clearCookie, passwordMatches, signingKey } from "./admin-session";
import { loginPage } from "./login-page";
import { allowServerOnly, serveDeviceApi } from "./device-api";
import { closeIfUnread, refuseHost, refuseTarget, setSecurityHeaders } from "./edge";
import type { ApiErrorBody, ErrorCode } from "../src/contracts/errors";
import { listeningLine } from "../scripts/lib/banner.mjs";

const root = path.resolve(__dirname, "..");
const port = Number(process.env.PORT || 3000);
const host = process.env.HOST || "0.0.0.0";
const adminPassword = process.env.ADMIN_PASSWORD || "";
// Behind a reverse proxy or tunnel on this machine every peer is loopback: set TRUST_LOOPBACK=0.
const loopbackTrusted = process.env.TRUST_LOOPBACK !== "0";
/** Login attempts per address in any minute, counted in the database: the same limit on every process. */
const LOGIN_ATTEMPTS = 5;
const LOGIN_WINDOW_MS = 60_000;

const g = globalThis as unknown as {
  __harnessLabDraining?: boolean;
  __harnessLabCtx?: { store: { close(): Promise<void> }; events: { emit(e: string): void } };
};

function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers });
  res.end(JSON.stringify(body));
}
// This transport's one error mapper: codes from the contract's closed list.
const error = (code: ErrorCode, message: string): ApiErrorBody => ({ error: { code, message } });

const LOGIN_LIMIT = 4096;
class TooLarge extends Error {}

/** The login body, at most LOGIN_LIMIT bytes; past that, reading stops and the login answers 413. */
function readBody(req: http.IncomingMessage, limit = LOGIN_LIMIT): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    const onData = (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        // Not destroyed here: the client gets its 413, then the connection closes (closeIfUnread).
        req.off("data", onData);
        req.pause();
        reject(new TooLarge());
      } else chunks.push(c);
    };
    req.on("data", onData);
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

type Access = Awaited<ReturnType<typeof openAccess>>;

/** The admin login's shared parts: the signing key and the attempt limit, both in the database. */
async function openAccess(store: import("../src/server/store/types").Store) {
  const sessions = adminSessions(
    await signingKey(process.env.ADMIN_SECRET, (k, v) => store.access.claimSetting(k, v)),
    store.access,
  );
  return {
    ...sessions,
    attempt: (remote: string, now: number) => store.access.attempt(remote, now, LOGIN_ATTEMPTS, LOGIN_WINDOW_MS),
  };
}

async function login(req: http.IncomingMessage, res: http.ServerResponse, remote: string, access: Access) {
  const isForm = (req.headers["content-type"] ?? "").includes("application/x-www-form-urlencoded");
  if (!adminPassword)
    return send(
      res,
      404,
      error(
        "not_found",
        "No admin password is set: this dashboard only answers its own machine. Set ADMIN_PASSWORD to allow others to log in.",
      ),
    );
  const attempt = await access.attempt(remote, Date.now());
  if (!attempt.allowed) {
    const wait = Math.ceil(attempt.retryAfterMs / 1000);
    return send(res, 429, error("too_many_attempts", `Too many login attempts; wait ${wait} s and try again.`), {
      "retry-after": String(wait),
    });
  }
  let password: string;
  let nextPath = "/";
  try {
    const raw = await readBody(req);
    if (isForm) {
      const p = new URLSearchParams(raw);
      password = p.get("password") ?? "";
      nextPath = p.get("next") ?? "/";
    } else password = String((JSON.parse(raw) as { password?: unknown }).password ?? "");
  } catch (err) {
    if (err instanceof TooLarge)
      return send(
        res,
        413,
        error("payload_too_large", `The login body is larger than ${LOGIN_LIMIT} bytes; send just the password.`),
      );
    if (isClientAbort(err)) return;
    return send(
      res,
      400,
      error("invalid_request", 'Send the password as JSON {"password": "…"} or from the login form.'),
    );
  }
  if (!passwordMatches(password, adminPassword)) {
    if (isForm) {
      res.writeHead(303, { location: `/login?failed=1&next=${encodeURIComponent(safeNextPath(nextPath))}` });
      return res.end();
    }
    return send(res, 401, error("unauthorized", "That password is not right; try again."));
  }
  const cookie = access.issueCookie(Date.now());
  if (isForm) {
    res.writeHead(303, { location: safeNextPath(nextPath), "set-cookie": cookie });
    return res.end();
  }
  send(res, 200, { ok: true }, { "set-cookie": cookie });
}

async function main() {
  // The database first, once, before anything serves: on PostgreSQL (DATABASE_URL) a pool, the
  // migrations under their advisory lock (several processes may start at once) and the LISTEN
  // connection; on SQLite the file. Next.js's copy of the services finds the same context.
  allowServerOnly();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { openContext } = require("../src/server/context") as typeof import("../src/server/context");
  const ctx = await openContext();
  console.log(`[harness-lab] storage: ${ctx.store.engine}`);
  const access = await openAccess(ctx.store);
  const app = next({ dev: false, dir: root, hostname: host, port });
  const handle = app.getRequestHandler();
  await app.prepare();

  const server = http.createServer(async (req, res) => {
    // An absolute-form target (`GET http://evil.com/`) is refused or made a path before anything reads it.
    const badTarget = refuseTarget(req, Date.now());
    if (badTarget) {
      setSecurityHeaders(res, "/api/");
      closeIfUnread(req, res);
      return send(res, badTarget.status, badTarget.body);
    }
    let url: URL;
    try {
      url = new URL(req.url ?? "/", "http://localhost");
    } catch {
      return send(
        res,
        400,
        error("invalid_request", "The request target is not a path; send a path such as /api/health."),
      );
    }
    setSecurityHeaders(res, url.pathname);
    closeIfUnread(req, res);
    // Before anything else runs: a name this dashboard does not answer to is a rebinding page's.
    const refused = refuseHost(req, Date.now());
    if (refused) return send(res, refused.status, refused.body);
    const remote = req.socket.remoteAddress ?? "";
    const adminSession = !!adminPassword && (await access.hasSession(req.headers.cookie, Date.now()));
    const decision = decideAccess({
      method: req.method ?? "GET",
      pathname: url.pathname,
      remote,
      origin: (req.headers.origin as string | undefined) ?? null,
      host: req.headers.host ?? null,
      scheme: requestScheme({
        remote,
        loopbackTrusted,
        forwardedProto: (req.headers["x-forwarded-proto"] as string | undefined) ?? null,
      }),
      adminConfigured: !!adminPassword,
      adminSession,
      loopbackTrusted,
    });
    if (decision === "cross_site")
      return send(
        res,
        403,
        error(
          "forbidden",
          "This request came from another site; use the dashboard's own pages or a script without an Origin header.",
        ),
      );
    if (decision === "forbidden") {
      return send(
        res,
        403,
        error(
          "forbidden",
          "This dashboard only answers its own machine (phones may use the device API). To open it from elsewhere, restart it with ADMIN_PASSWORD set and log in.",
        ),
      );
    }
    if (decision === "login") {
      if (url.pathname.startsWith("/api/"))
        return send(res, 401, error("unauthorized", "Log in at /login with the admin password first."));
      res.writeHead(303, { location: `/login?next=${encodeURIComponent(url.pathname + url.search)}` });
      return res.end();
    }
    if (url.pathname === "/login" && req.method === "GET") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
      return res.end(
        loginPage({
          configured: !!adminPassword,
          failed: url.searchParams.has("failed"),
          next: safeNextPath(url.searchParams.get("next")),
        }),
      );
    }
    if (url.pathname === "/api/auth/login" && req.method === "POST") return login(req, res, remote, access);
    if (url.pathname === "/api/auth/logout" && req.method === "POST") {
      await access.revokeSession(req.headers.cookie, Date.now());
      return send(res, 200, { ok: true }, { "set-cookie": clearCookie() });
    }
    if (url.pathname === "/api/auth/login" || url.pathname === "/api/auth/logout") {
      // These two live here, not in app/api, so they refuse other methods themselves (cf. otherMethods).
      return send(
        res,
        405,
        error("method_not_allowed", `This route accepts POST, not ${req.method}; send the request with POST.`),
        { allow: "POST" },
      );
    }
    // Next.js would answer a malformed escape in a dynamic segment with a bare 500 (issue 14).
    if (!pathEscapesValid(url.pathname)) {
      return send(
        res,
        400,
        error(
          "invalid_request",
          "The URL path holds a percent escape that is not valid UTF-8 (such as %ED%A0%80 or %ZZ); fix the link and try again.",
        ),
      );
    }
    try {
      if (await serveDeviceApi(req, res, url)) return;
    } catch (err) {
      if (isClientAbort(err)) {
        console.warn(
          `[harness-lab] the client went away during ${req.method} ${url.pathname}; its request was dropped`,
        );
        return res.destroy();
      }
      console.error("[harness-lab] unexpected error", req.method, url.pathname, err);
      if (!res.headersSent)
        return send(
          res,
          500,
          error("internal", "The server hit an unexpected error; the details are in its log. Try again."),
        );
      return res.destroy();
    }
    handle(req, res);
  });

  // Node closes a kept-alive connection after 5 s idle, and a client that reuses it at that moment
  // gets ECONNRESET (phones between two polls; Playwright's request context even ignores the
  // Keep-Alive hint, microsoft/playwright#42698). Idle connections stay open 65 s instead; headers
  // must be allowed longer than that. Shutdown still closes idle ones at once.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  server.listen(port, host, () => {
    console.log(listeningLine({ host, port, adminPassword: !!adminPassword }));
    // The latency budget's Gemma tokenizer takes 2–25 s to load (on a worker thread, so requests
    // are answered meanwhile): loaded now, after the server is ready, its first visit finds the
    // default suite counted. TOKENIZER_PRELOAD=0 leaves it to the first visit.
    if (process.env.TOKENIZER_PRELOAD !== "0") {
      const warm = "../src/server/budget/warmBudgetCounts";
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { warmBudgetCounts } = require(warm) as typeof import("../src/server/budget/warmBudgetCounts");
      void warmBudgetCounts(ctx);
    }
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[harness-lab] ${signal}: no new work; finishing requests in flight…`);
    // Long-polls answer 204 at once; the sweeper stops with the process.
    g.__harnessLabDraining = true;
    g.__harnessLabCtx?.events.emit("jobs");
    server.close(() => {
      void (g.__harnessLabCtx?.store.close() ?? Promise.resolve())
        .catch(() => undefined)
        .then(() => {
          console.log("[harness-lab] stopped cleanly");
          process.exit(0);
        });
    });
    server.closeIdleConnections();
    // Connections still busy now (a released long-poll) close as soon as their answer is sent,
    // instead of waiting out the 65 s keep-alive.
    server.keepAliveTimeout = 1;
    setTimeout(() => {
      console.error("[harness-lab] requests still open after 15 s; exiting");
      process.exit(1);
    }, 15_000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((err) => {
  // A database that cannot be opened is said in one sentence (db/pg-client.ts); anything else in full.
  console.error(
    "[harness-lab] could not start:",
    err instanceof Error && err.name === "DatabaseStartError" ? err.message : err,
  );
  process.exit(1);
});
