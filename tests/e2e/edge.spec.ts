import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import { chromium } from "@playwright/test";
import { expect, test } from "./fixtures";
import { rawRequest, upload } from "./raw-http";
import { freePort, startServer, type RunningServer } from "./server";

/*
 * Issue 14, the edge of the real server (server/main.ts), over real sockets: malformed Host
 * values, security headers and framing, bodies refused before they are read, client aborts in
 * the log, logging out and the redirect after logging in. Both device API transports.
 */
const servers: Record<"main" | "viaNext" | "admin", RunningServer> = {} as never;
const MALFORMED = ["x:99999", "[", "a b", "%", "a@b", "::1", "x:-1"];
const pollBody = JSON.stringify({
  device: { id: "edge-phone", model: "iPhone 15 Pro", os: "iOS 26.1" },
  build: { commit: "3f2c1e9", app: "0.7.0", runtime: "react-native-executorch 0.10.4", model: "gemma-4-e2b" },
  state: { thermal: "nominal" },
});

test.beforeAll(async () => {
  test.setTimeout(120_000);
  [servers.main, servers.viaNext, servers.admin] = await Promise.all([
    startServer({ ALLOWED_HOSTS: "lab.example.org, *.tunnel.test" }),
    startServer({ DEVICE_API_VIA_NEXT: "1" }),
    startServer({ ADMIN_PASSWORD: "correct horse", TRUST_LOOPBACK: "0" }),
  ]);
});
test.afterAll(() => {
  for (const s of Object.values(servers)) {
    try {
      process.kill(-s.child.pid!, "SIGKILL");
    } catch {}
    fs.rmSync(s.dir, { recursive: true, force: true });
  }
});

for (const transport of ["main", "viaNext"] as const) {
  test(`a malformed Host is a 400 with the error body on every kind of route, never a 5xx (${transport})`, async () => {
    const { port } = servers[transport];
    for (const host of MALFORMED) {
      for (const [method, path] of [
        ["POST", "/api/device/v1/poll"],
        ["POST", "/api/device/v1/jobs/j/result"],
        ["GET", "/api/health"],
        ["GET", "/devices"],
        ["GET", "/login"],
      ]) {
        const a = await rawRequest(port, {
          method,
          path,
          headers: { host, "content-type": "application/json", authorization: "Bearer hl_x" },
          body: method === "POST" ? pollBody : undefined,
        });
        expect(a.status, `${method} ${path} Host: ${host} → ${a.body.slice(0, 200)}`).toBe(400);
        expect(JSON.parse(a.body).error.code).toBe("invalid_request");
      }
    }
  });

  test(`an unauthenticated 5 MiB upload is refused with 401 before it is read, and its connection closed (${transport})`, async () => {
    // The first device API request loads its route modules (about a second): not what is measured.
    await rawRequest(servers[transport].port, {
      method: "POST",
      path: "/api/device/v1/poll",
      headers: { "content-type": "application/json" },
      body: pollBody,
    });
    // 64 KiB every 5 ms: all 5 MiB take ~0.4 s; a server that reads before checking answers after them.
    const a = await upload(
      servers[transport].port,
      "/api/device/v1/jobs/job_x/result",
      { authorization: "Bearer hl_forged" },
      5 * 1024 * 1024,
      { paceMs: 5 },
    );
    expect(a.status, a.body).toBe(401);
    expect(a.connection).toBe("close");
    expect(a.sentBeforeAnswer).toBeLessThan(a.total / 2);
    expect(a.closedMs).not.toBeNull();
  });

  test(`a client that goes away mid-body is not logged as an unexpected error (${transport})`, async () => {
    const s = servers[transport];
    const { token } = await (
      await fetch(`${s.base}/api/devices`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: '{"name":"p"}',
      })
    ).json();
    for (const [path, auth] of [
      ["/api/device/v1/jobs/job_x/result", `Bearer ${token}`],
      ["/api/suites", ""],
      ["/api/import/runs", ""],
    ]) {
      await new Promise<void>((resolve) => {
        const req = http.request({
          host: "127.0.0.1",
          port: s.port,
          method: "POST",
          path,
          agent: false,
          headers: { "content-type": "application/json", ...(auth ? { authorization: auth } : {}) },
        });
        req.on("error", () => resolve());
        req.write('{"pad":"' + "x".repeat(300_000));
        setTimeout(() => (req.destroy(), resolve()), 300);
      });
    }
    await new Promise((r) => setTimeout(r, 1000));
    expect(s.log()).not.toMatch(/unexpected error|ECONNRESET| {4}at /);
  });
}

test("the Host must be loopback, this machine's address or name, or in ALLOWED_HOSTS: anything else is a 421", async () => {
  const { port } = servers.main;
  const lan = Object.values(os.networkInterfaces())
    .flat()
    .map((i) => i!.address)
    .filter((a) => !a.startsWith("127.") && a !== "::1");
  const own = [
    "localhost:1",
    "127.0.0.1",
    "[::1]",
    `${os.hostname()}:${port}`,
    "lab.example.org",
    "a.tunnel.test:8443",
    ...lan.map((a) => (a.includes(":") ? `[${a.replace(/%.*/, "")}]` : a)),
  ];
  for (const host of own)
    expect((await rawRequest(port, { path: "/api/health", headers: { host } })).status, host).toBe(200);
  for (const [host, path] of [
    ["attacker.test:3000", "/api/health"],
    ["tunnel.test", "/devices"],
    ["127.0.0.1.nip.io", "/api/device/v1/poll"],
    ["lab.example.org.evil", "/login"],
  ]) {
    const a = await rawRequest(port, { method: path.includes("poll") ? "POST" : "GET", path, headers: { host } });
    expect(a.status, host).toBe(421);
    expect(JSON.parse(a.body).error.message).toContain("ALLOWED_HOSTS");
  }
});

test("an absolute-form request target naming another server is a 400 before Next.js sees it; naming this one, it is a path (issue 32)", async () => {
  const { port } = servers.main;
  // Next.js answered these with a 308 to evil.com; node:http sends the target as given, like a proxy client.
  for (const [method, path] of [
    ["GET", "http://evil.com/"],
    ["GET", "http://evil.com/api/health"],
    ["GET", "https://evil.com/devices"],
    ["POST", "http://evil.com/api/device/v1/poll"],
    ["GET", `http://attacker.test:${port}/runs`],
    ["GET", `http://a@127.0.0.1:${port}/`],
    ["GET", `ftp://127.0.0.1:${port}/`],
    ["OPTIONS", "*"],
  ]) {
    const a = await rawRequest(port, {
      method,
      path,
      headers: { "content-type": "application/json" },
      body: method === "POST" ? pollBody : undefined,
    });
    expect(a.status, `${method} ${path} → ${a.headers.location ?? ""} ${a.body.slice(0, 200)}`).toBe(400);
    expect(a.headers.location).toBeUndefined();
    const error = JSON.parse(a.body).error;
    expect(error.code).toBe("invalid_request");
    expect(error.message).toContain("/api/health");
    expect(a.headers["x-frame-options"]).toBe("DENY");
  }
  const health = await rawRequest(port, { path: `http://127.0.0.1:${port}/api/health` });
  expect(health.status).toBe(200);
  expect(JSON.parse(health.body).ok).toBe(true);
  const page = await rawRequest(port, { path: `http://localhost:${port}/devices`, headers: { host: "evil.com" } });
  expect(page.status, "the authority replaces the Host (RFC 9112 §3.2.2)").toBe(200);
  expect(page.headers["content-type"]).toContain("text/html");
});

test("a state-changing request whose Origin differs only in scheme is cross-site (issue 32)", async () => {
  const { port } = servers.main;
  const post = (origin: string) =>
    rawRequest(port, {
      method: "POST",
      path: "/api/devices",
      headers: { host: `127.0.0.1:${port}`, origin, "content-type": "application/json" },
      body: JSON.stringify({ name: "origin check" }),
    });
  const https = await post(`https://127.0.0.1:${port}`);
  expect(https.status).toBe(403);
  expect(JSON.parse(https.body).error.code).toBe("forbidden");
  expect((await post(`http://127.0.0.1:${port}`)).status).toBe(201);
});

test("pages and APIs carry the security headers", async () => {
  for (const path of ["/devices", "/login", "/api/health", "/api/devices", "/api/device/v1/poll", "/api/nope"]) {
    const r = await fetch(`${servers.main.base}${path}`, { method: path.includes("poll") ? "POST" : "GET" });
    expect(r.headers.get("x-frame-options"), path).toBe("DENY");
    expect(r.headers.get("content-security-policy"), path).toContain("frame-ancestors 'none'");
    expect(r.headers.get("x-content-type-options"), path).toBe("nosniff");
    expect(r.headers.get("referrer-policy"), path).toBe("same-origin");
  }
  expect((await fetch(`${servers.main.base}/devices`)).headers.get("content-security-policy")).toContain(
    "script-src 'self' 'unsafe-inline'",
  );
});

test("a page on another origin cannot frame the dashboard", async () => {
  const target = `${servers.main.base}/devices`;
  const port = await freePort();
  const framer = http.createServer((_q, r) =>
    r.end(`<!doctype html><title>framer</title><iframe id="f" src="${target}" width="800" height="600"></iframe>`),
  );
  await new Promise<void>((r) => framer.listen(port, "127.0.0.1", r));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || undefined,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  try {
    const page = await browser.newPage();
    // localhost and 127.0.0.1 are different origins: the framer is cross-origin to the dashboard.
    await page.goto(`http://localhost:${port}/`);
    // Wait for the state, not a time: the frame ends on Chromium's error page once the dashboard refused it.
    const frame = () => page.frames().find((f) => f !== page.mainFrame());
    await expect.poll(() => frame()?.url() ?? "(no frame yet)").toMatch(/^chrome-error:/);
    expect(frame()!.url()).not.toBe(target);
    expect(await frame()!.locator("[data-testid]").count()).toBe(0);
    // The same page opened directly renders.
    await page.goto(target);
    await expect(page.locator("[data-testid]").first()).toBeVisible();
  } finally {
    await browser.close();
    framer.close();
  }
});

test("an admin upload over the route's limit gets its 413 promptly and the connection closes", async () => {
  // /api/suites takes 16 MiB; this sends 40 MiB, chunked, 64 KiB a millisecond at most. (Unpaced,
  // Node's http client may hit the closed socket on a write before it reads the answer waiting
  // for it, and report only the reset: a limit of that client, not of the server.)
  const a = await upload(servers.main.port, "/api/suites", {}, 40 * 1024 * 1024, { paceMs: 1 });
  expect(a.status, a.body).toBe(413);
  expect(JSON.parse(a.body).error.code).toBe("payload_too_large");
  expect(a.connection).toBe("close");
  expect(a.answeredMs).toBeLessThan(10_000);
  expect(a.closedMs).not.toBeNull();
  // The login reads at most 4 KiB: past that it was reset without an answer (ECONNRESET).
  const login = await upload(servers.admin.port, "/api/auth/login", {}, 1024 * 1024, { paceMs: 1 });
  expect(login.status, login.body).toBe(413);
  expect(JSON.parse(login.body).error.code).toBe("payload_too_large");
  expect(login.connection).toBe("close");
  expect(login.closedMs).not.toBeNull();
  // Declared too large: refused from the header, before a byte of the body.
  const d = await upload(
    servers.main.port,
    "/api/devices",
    { "content-length": String(10 * 1024 * 1024) },
    10 * 1024 * 1024,
    { paceMs: 1 },
  );
  expect(d.status).toBe(413);
  expect(d.connection).toBe("close");
});

test("after logging in, `next` only ever leads to a path of the dashboard", async () => {
  // Five logins a minute per address (the limiter): the full list of hostile values is a unit test.
  const base = servers.admin.base;
  for (const next of ["/\\evil.example", "/.//evil.example"]) {
    const r = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ password: "correct horse", next }),
    });
    expect(r.status, next).toBe(303);
    expect(r.headers.get("location"), next).toBe("/");
  }
  const ok = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "password=correct+horse&next=%2Fanalytics%3Fx%3D1",
  });
  expect(ok.headers.get("location")).toBe("/analytics?x=1");
  // The login page does not carry a hostile `next` into its form either.
  expect(await (await fetch(`${base}/login?next=/%5Cevil.example`)).text()).toContain('name="next" value="/"');
});

test("a logged-out cookie is refused when replayed", async () => {
  const base = servers.admin.base;
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ password: "correct horse" }),
  });
  const cookie = login.headers.get("set-cookie")!.split(";")[0];
  expect((await fetch(`${base}/api/sessions`, { headers: { cookie } })).status).toBe(200);
  expect((await fetch(`${base}/api/auth/logout`, { method: "POST", headers: { cookie } })).status).toBe(200);
  const replay = await fetch(`${base}/api/sessions`, { headers: { cookie } });
  expect(replay.status).toBe(401);
  expect((await replay.json()).error.message).toMatch(/Log in/);
});
