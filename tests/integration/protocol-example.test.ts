import { afterEach, beforeEach, describe, expect, it } from "vitest";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { testDashboard, type TestDashboard } from "../support/server";
import { runDevice, scriptedAgent } from "../../packages/protocol/examples/device-loop";

let dash: TestDashboard;
let server: http.Server;
let url: string;

// A real socket in front of the route handlers: the example talks HTTP as a phone would.
beforeEach(async () => {
  dash = await testDashboard();
  server = http.createServer(async (req, res) => {
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
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
  dash.close();
});

describe("the protocol package's example device loop", () => {
  it("works through a session against a dashboard: every job leased, heartbeated, submitted and stored", async () => {
    const token = (await dash.call("POST", "/api/devices", { json: { name: "example" } })).body.token;
    const created = await dash.call("POST", "/api/sessions", {
      json: { name: "example loop", suite: "mini", configs: ["files"], repeats: 2, order: "blocked" },
    });
    const jobs = created.body.session.jobs as number;
    const lines: string[] = [];
    const me = {
      device: { id: "example-phone", model: "Example Phone", os: "none" },
      build: { commit: "ex1", app: "0.0.1", runtime: "none", model: "none" },
    };
    const stored = await runDevice({
      url,
      token,
      me,
      runAgent: scriptedAgent,
      untilIdle: true,
      wait: 0,
      log: (l) => lines.push(l),
    });
    expect(stored).toBe(jobs);
    expect(lines).toHaveLength(jobs);
    const session = await dash.call("GET", `/api/sessions/${created.body.session.id}`);
    expect(session.body.session.counts).toMatchObject({ completed: jobs, queued: 0, leased: 0 });
    const runs = await dash.call("GET", `/api/runs?session=${created.body.session.id}`);
    expect(runs.body.runs.map((r: { deviceId: string }) => r.deviceId)).toEqual(Array(jobs).fill("example-phone"));
  }, 60_000);
});
