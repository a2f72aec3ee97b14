import http from "node:http";

/** Plain node:http, for what fetch will not do: set a Host header, watch an upload and its socket. */
export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request on its own connection, with exactly the headers given (Host included). */
export function rawRequest(
  port: number,
  o: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method: o.method ?? "GET",
        path: o.path,
        headers: o.headers,
        agent: false,
        setHost: !o.headers?.host,
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end(o.body);
  });
}

export interface Upload {
  status: number;
  connection: string | undefined;
  body: string;
  /** Bytes written before the answer arrived, and in all. */
  sentBeforeAnswer: number;
  total: number;
  /** Milliseconds from the first byte to the answer, and to the connection's close (null: still open). */
  answeredMs: number;
  closedMs: number | null;
}

/**
 * Streams `total` bytes of a JSON string, chunked, as fast as the socket takes them, and stops
 * writing once the answer arrives (unless `keepSending`, as clients that read only after sending). Resolves when the answer is read and the connection closed, or
 * `waitMs` after the answer at most (then `closedMs` is null). `paceMs` waits between chunks.
 */
export function upload(
  port: number,
  path: string,
  headers: Record<string, string>,
  total: number,
  o: { waitMs?: number; keepSending?: boolean; paceMs?: number } = {},
): Promise<Upload> {
  const { waitMs = 3000, keepSending = false, paceMs = 0 } = o;
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let sent = 0;
    let answered: { status: number; connection: string | undefined; at: number; sent: number; body: string } | null =
      null;
    let closedAt: number | null = null;
    const req = http.request({
      host: "127.0.0.1",
      port,
      method: "POST",
      path,
      agent: false,
      headers: { "content-type": "application/json", ...headers },
    });
    const finish = () => {
      if (!answered) return reject(new Error(`no answer after ${sent} bytes`));
      resolve({
        status: answered.status,
        connection: answered.connection,
        body: answered.body,
        sentBeforeAnswer: answered.sent,
        total,
        answeredMs: answered.at - started,
        closedMs: closedAt === null ? null : closedAt - started,
      });
    };
    req.on("response", (res) => {
      answered = { status: res.statusCode ?? 0, connection: res.headers.connection, at: Date.now(), sent, body: "" };
      res.setEncoding("utf8");
      res.on("data", (c: string) => (answered!.body += c));
      setTimeout(finish, waitMs).unref();
    });
    req.on("socket", (s) =>
      s.on("close", () => {
        closedAt = Date.now();
        if (answered) setTimeout(finish, 50);
      }),
    );
    // A reset after the answer is how a refused upload may end; the answer is what counts.
    req.on("error", (e) => {
      if (!answered) reject(e);
    });
    const chunk = Buffer.alloc(64 * 1024, "x");
    req.write('{"pad":"');
    const pump = () => {
      while ((keepSending || !answered) && !req.destroyed && sent < total) {
        sent += chunk.length;
        const more = req.write(chunk);
        // Paced, the kernel's socket buffers cannot hide whether the server reads.
        const next = paceMs ? () => void setTimeout(pump, paceMs) : pump;
        if (!more) return void req.once("drain", next);
        if (paceMs) return next();
      }
      if ((keepSending || !answered) && !req.destroyed) req.end('"}');
    };
    pump();
  });
}
