import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach } from "vitest";
import { testDashboard, type TestDashboard } from "./server";

/**
 * A real HTTP server on a free loopback port in front of a test dashboard's route handlers, so a
 * process of its own (the gate CLI) or a client over `fetch` (the protocol example) talks to a
 * socket exactly as it would to `npm start`.
 */
export async function serveOverHttp(dash: TestDashboard): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const r = await dash.fetch(
      new Request(`http://${req.headers.host}${req.url}`, {
        method: req.method,
        headers: req.headers as Record<string, string>,
        ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
      }),
    );
    res.writeHead(r.status, Object.fromEntries(r.headers));
    res.end(Buffer.from(await r.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Registers a fresh dashboard behind a real socket (serveOverHttp) for every test of the file, handing both to `use`. */
export function dashboardPerTestOverHttp(use: (dash: TestDashboard, url: string) => void) {
  let dash: TestDashboard | undefined;
  let close: (() => Promise<void>) | undefined;
  beforeEach(async () => {
    dash = await testDashboard();
    const served = await serveOverHttp(dash);
    close = served.close;
    use(dash, served.url);
  });
  afterEach(async () => {
    await close?.();
    dash?.close();
  });
}
