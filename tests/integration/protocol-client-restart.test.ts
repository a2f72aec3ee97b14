import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Job, type TraceBody, createDeviceClient } from "@harness-lab/protocol";
import { createContext, setContext, type Ctx } from "@/server/context";
import { loadRepositorySuites } from "@/server/boot";
import * as poll from "../../app/api/device/v1/poll/route";
import * as heartbeat from "../../app/api/device/v1/jobs/[id]/heartbeat/route";
import * as result from "../../app/api/device/v1/jobs/[id]/result/route";
import * as fail from "../../app/api/device/v1/jobs/[id]/fail/route";
import * as devices from "../../app/api/devices/route";
import * as sessions from "../../app/api/sessions/route";
import * as cancel from "../../app/api/sessions/[id]/cancel/route";
import { phone, traceFor } from "../support/server";
import { sqliteDatabase } from "@/server/store/sqlite";

// The package's device client against the real route handlers over real HTTP, on a database that
// outlives a server restart: what a phone sees when the dashboard goes down under it.
type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
const ROUTES: [RegExp, Record<string, unknown>][] = [
  [/^\/api\/device\/v1\/poll$/, poll],
  [/^\/api\/device\/v1\/jobs\/(?<id>[^/]+)\/heartbeat$/, heartbeat],
  [/^\/api\/device\/v1\/jobs\/(?<id>[^/]+)\/result$/, result],
  [/^\/api\/device\/v1\/jobs\/(?<id>[^/]+)\/fail$/, fail],
  [/^\/api\/devices$/, devices],
  [/^\/api\/sessions$/, sessions],
  [/^\/api\/sessions\/(?<id>[^/]+)\/cancel$/, cancel],
];
const suites = path.join(__dirname, "..", "fixtures", "suites");

let dir: string;
let ctx: Ctx | undefined;
let server: http.Server | undefined;
let port = 0;
/** Runs after a request's handler has answered; returning true drops the connection instead of answering. */
let afterHandler: (path: string, res: Response) => boolean = () => false;

async function open() {
  ctx = createContext(path.join(dir, "dash.db"));
  setContext(ctx);
  const boot = await loadRepositorySuites(ctx, suites);
  if (boot.problems.length) throw new Error(boot.problems.join("\n"));
}

async function start() {
  await open();
  server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
    const route = ROUTES.find(([re]) => re.test(url.pathname));
    const handler = route?.[1][req.method ?? ""] as Handler | undefined;
    if (!route || !handler) return void res.writeHead(404).end();
    const headers = new Headers();
    for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
    const answer = await handler(new Request(url, { method: req.method, headers, body: Buffer.concat(chunks) }), {
      params: Promise.resolve({ ...url.pathname.match(route[0])!.groups }),
    });
    if (afterHandler(url.pathname, answer)) return void req.socket.destroy();
    res.writeHead(answer.status, Object.fromEntries(answer.headers)).end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((r) => server!.listen(port, "127.0.0.1", r));
  port = (server!.address() as AddressInfo).port;
}

/** The server goes away: no more connections, and the database is closed as on a real shutdown. */
async function stop() {
  const s = server;
  server = undefined;
  if (s) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
  if (ctx) sqliteDatabase(ctx.store).close();
  ctx = undefined;
  setContext(undefined);
}

/** Waits (in real time, the machine may be busy) until `cond` holds; fails after 10 s. */
async function until(cond: () => boolean) {
  for (const end = Date.now() + 10_000; !cond(); await new Promise((r) => setTimeout(r, 10))) {
    if (Date.now() > end) throw new Error("timed out waiting for the heartbeat timer");
  }
}

const base = () => `http://127.0.0.1:${port}`;
const admin = async (p: string, body: unknown) =>
  (
    await fetch(base() + p, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    })
  ).json();
const count = (sql: string, ...args: unknown[]) =>
  (
    sqliteDatabase(ctx!.store)
      .prepare(sql)
      .get(...args) as { n: number }
  ).n;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "harness-lab-restart-"));
  port = 0;
  afterHandler = () => false;
  await start();
});
afterEach(async () => {
  await stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function leaseOne() {
  const { token } = await admin("/api/devices", { name: "phone" });
  const { session } = await admin("/api/sessions", {
    name: "restart",
    suite: "mini",
    configs: ["files"],
    tasks: ["dentist-todo"],
    repeats: 1,
    order: "blocked",
  });
  const sleeps: number[] = [];
  let onSleep: (n: number) => Promise<void> = async () => {};
  const client = createDeviceClient({
    url: base(),
    token,
    retry: { initialMs: 20, maxMs: 200 },
    sleep: async (ms) => {
      sleeps.push(ms);
      await onSleep(sleeps.length);
      await new Promise((r) => setTimeout(r, ms));
    },
  });
  const job = (await client.poll({ ...phone, state: { thermal: "nominal" } })) as Job;
  expect(job).not.toBeNull();
  return { client, job, sessionId: session.id as string, sleeps, setOnSleep: (f: typeof onSleep) => (onSleep = f) };
}

describe("the device client against a dashboard that restarts", () => {
  it("a result committed just before the server stopped is resubmitted after the restart: 200, the same runId, one run", async () => {
    const { client, job, sleeps, setOnSleep } = await leaseOne();
    let committed = false;
    // The first result is stored (the handler answered 201), then the connection drops and the server stops.
    afterHandler = (p, res) => {
      if (!p.endsWith("/result") || committed) return false;
      committed = res.status === 201;
      setImmediate(() => void stop());
      return true;
    };
    // The second try finds nothing listening; the server is back before the third.
    setOnSleep(async (n) => {
      if (n === 2) {
        expect(server).toBeUndefined();
        await start();
      }
    });
    const answer = await client.result(job.id, traceFor(job) as TraceBody);
    expect(committed).toBe(true);
    expect(answer).toMatchObject({ status: 200, attempts: 3, superseded: false });
    expect(sleeps).toHaveLength(2);
    expect(count("SELECT COUNT(*) AS n FROM runs")).toBe(1);
    expect(count("SELECT COUNT(*) AS n FROM runs WHERE id = ?", answer.runId)).toBe(1);
    expect(count("SELECT COUNT(*) AS n FROM jobs WHERE state = 'completed'")).toBe(1);
  });

  it("heartbeats keep the lease over the restart, then a lost lease (the job cancelled) stops the timer", async () => {
    const { client, job, sessionId } = await leaseOne();
    const errors: unknown[] = [];
    let lost = 0;
    let beats = 0;
    afterHandler = (p) => {
      if (p.endsWith("/heartbeat")) beats++;
      return false;
    };
    const hb = client.startHeartbeat(job, { everyMs: 30, onError: (e) => errors.push(e), onLeaseLost: () => lost++ });
    await until(() => beats >= 2);
    await stop();
    await until(() => errors.length >= 2); // beats with nothing listening: reported, the timer goes on
    await start();
    const before = beats;
    await until(() => beats >= before + 2); // the same lease, still current after the restart
    expect(hb.lost).toBe(false);
    await admin(`/api/sessions/${sessionId}/cancel`, {});
    await hb.done;
    expect(lost).toBe(1);
    expect(hb.leaseLost.aborted).toBe(true);
    // /fail on a lease that is gone is refused with 409, typed like every other refusal.
    await expect(
      client.fail(job.id, { leaseToken: job.lease.token, reason: "model_load_failed" }),
    ).rejects.toMatchObject({ status: 409, code: "lease_lost" });
  });
});
