/**
 * The benchmarks' HTTP client: node:http with kept-alive connections. Undici's fetch costs about
 * twice as much CPU per request here, and the client shares the machine's two cores with the
 * servers it measures, so the lighter client disturbs them less.
 */
import http from "node:http";

const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });

export interface Reply {
  status: number;
  text: string;
}

export function post(url: string, headers: Record<string, string>, body: string, retry = true): Promise<Reply> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname + u.search,
        method: "POST",
        agent,
        headers: { ...headers, "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      },
    );
    req.on("error", (e: NodeJS.ErrnoException) => {
      // A kept-alive socket the server closed while idle: send again on a fresh one (Node's advice).
      if (retry && req.reusedSocket && e.code === "ECONNRESET") post(url, headers, body, false).then(resolve, reject);
      else reject(e);
    });
    req.end(body);
  });
}
