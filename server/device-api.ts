/**
 * The device API (protocol.md §1) served straight from node:http, with the very route handlers
 * Next.js serves (app/api/device/v1/**), minus Next.js's per-request machinery: routing, request
 * wrapping and response piping cost ~1.3 ms of the one JavaScript thread per request here, more
 * than the route's own work, and phones send many small requests at once (docs/benchmarks.md,
 * targets 1 and 2). Everything else (access, errors, limits, long-polls) is the handlers' own.
 * `DEVICE_API_VIA_NEXT=1` hands these paths to Next.js instead.
 */
import type http from "node:http";
import Module from "node:module";
import path from "node:path";
import { ROUTES, pathRegex, routeFile } from "../src/contracts";
import { BODY_CAP, drainRefusedBody, drainsBeforeRefusal } from "./edge";

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
type RouteModule = Partial<Record<string, Handler>>;

const root = path.resolve(__dirname, "..");
const HEALTH = "/api/health";
let routes: [RegExp, RouteModule][] | null = null;

/**
 * The route modules, loaded on first use. They import "server-only", a marker whose default entry
 * throws outside React Server Components; they are server code, so it resolves to its empty entry
 * here, as Next.js resolves it for them.
 */
function load(): [RegExp, RouteModule][] {
  if (routes) return routes;
  allowServerOnly();
  // The device routes of the contract, each served by its own route file, and `/api/health`: it
  // answers as soon as the database does, not after Next.js has loaded its first route (issue 32.5).
  const paths = [...new Set(ROUTES.filter((r) => r.tag === "device" || r.path === HEALTH).map((r) => r.path))];
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  routes = paths.map((p): [RegExp, RouteModule] => [pathRegex(p), require(path.join(root, routeFile(p)))]);
  return routes;
}

let shimmed = false;
/** Lets this process require server modules (they import "server-only"), as Next.js resolves it for them. */
export function allowServerOnly(): void {
  if (shimmed) return;
  shimmed = true;
  const m = Module as unknown as { _resolveFilename: (request: string, ...rest: unknown[]) => string };
  const resolve = m._resolveFilename;
  const empty = path.join(root, "node_modules", "server-only", "empty.js");
  m._resolveFilename = function (this: unknown, request: string, ...rest: unknown[]) {
    return resolve.call(this, request === "server-only" ? empty : request, ...rest);
  };
}

/**
 * The request body as one buffer, read with node's stream rather than through a web stream
 * (`Readable.toWeb`), which cost several times more per request for a 20 KB trace. At most
 * BODY_CAP bytes are kept; the handler's own limit check then answers 413.
 */
function readBody(req: http.IncomingMessage): Promise<Buffer> {
  // A declared size past the limit is refused from its header alone, without reading the body.
  if (Number(req.headers["content-length"]) >= BODY_CAP) return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    // A phone that goes away mid-body ends here too (with what arrived; the handler then refuses it).
    const done = () => {
      if (settled) return;
      settled = true;
      req.off("data", onData);
      resolve(Buffer.concat(chunks));
    };
    const onData = (c: Buffer) => {
      chunks.push(c);
      size += c.length;
      if (size >= BODY_CAP) {
        req.pause();
        done();
      }
    };
    req.on("data", onData);
    req.once("end", done);
    req.once("close", done);
    req.once("error", (e) => {
      if (!settled) reject(e);
      settled = true;
    });
  });
}

/**
 * The body as a stream that reads the socket only when the handler first reads it: the handlers
 * check the bearer token first, so an unauthenticated upload is refused (401, the connection then
 * closed) without its megabytes being read. The body still arrives as one chunk, read as above.
 */
function lazyBody(req: http.IncomingMessage): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const body = await readBody(req);
          if (body.length) controller.enqueue(new Uint8Array(body.buffer, body.byteOffset, body.length));
          controller.close();
        } catch (err) {
          controller.error(err);
        }
      },
      // No read ahead: `pull` runs on the handler's first read, not when the stream is made.
    },
    { highWaterMark: 0 },
  );
}

export const deviceApiEnabled = process.env.DEVICE_API_VIA_NEXT !== "1";

/**
 * Serves `req` if it is a device API request this layer handles; false hands it to Next.js (other
 * paths, and HEAD, which Next.js answers from GET).
 */
export async function serveDeviceApi(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<boolean> {
  if (!deviceApiEnabled || !(url.pathname.startsWith("/api/device/v1/") || url.pathname === HEALTH)) return false;
  let handler: Handler | undefined;
  let params: Record<string, string> = {};
  for (const [re, mod] of load()) {
    const m = url.pathname.match(re);
    if (m) {
      handler = mod[req.method ?? ""];
      params = { ...m.groups };
      break;
    }
  }
  if (!handler) return false;

  // A phone that goes away ends its long-poll, as Next.js signals it to the handler.
  const aborted = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) aborted.abort();
  });
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  // server/main.ts has checked the Host already; the handlers only read the path and query.
  const request = new Request(new URL(url.pathname + url.search, "http://localhost"), {
    method: req.method,
    headers,
    signal: aborted.signal,
    ...(hasBody ? { body: lazyBody(req), duplex: "half" } : {}),
  } as RequestInit);
  const response = await handler(request, { params: Promise.resolve(params) });
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : null;
  // Unread when the handler answered: drained or not, that connection is not used again.
  const unread = hasBody && !req.complete;
  if (response.status === 413 && drainsBeforeRefusal(req)) await drainRefusedBody(req);
  // A body refused before it all arrived: the connection cannot carry another request, so it closes.
  res.writeHead(response.status, {
    ...Object.fromEntries(response.headers),
    ...(unread ? { connection: "close" } : {}),
  });
  res.end(body);
  if (unread) res.once("finish", () => req.destroy());
  return true;
}
