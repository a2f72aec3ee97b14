import { afterEach, beforeEach, describe, expect, it } from "vitest";
import http from "node:http";
import path from "node:path";
import { execFile } from "node:child_process";
import type { AddressInfo } from "node:net";
import { runQueue, testDashboard, type TestDashboard } from "../support/server";

const root = path.resolve(__dirname, "..", "..");
let dash: TestDashboard;
let server: http.Server;
let url: string;

// A real HTTP server in front of the route handlers, so the gate CLI runs as its own process
// against a socket exactly as CI would run it.
beforeEach(async () => {
  dash = await testDashboard();
  server = http.createServer(async (req, res) => {
    const r = await dash.fetch(
      new Request(`http://${req.headers.host}${req.url}`, {
        method: req.method,
        headers: req.headers as Record<string, string>,
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

function gate(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(root, "node_modules", "tsx", "dist", "cli.mjs"), path.join(root, "scripts", "gate.ts"), ...args],
      { cwd: root },
      (err, stdout, stderr) =>
        resolve({ code: err ? (typeof err.code === "number" ? err.code : 99) : 0, stdout, stderr }),
    );
  });
}

const todo = [
  { path: "/notes/health.md", content: "Dentist: Tuesday 14 March at 10:30, Dr. Lee.\n" },
  { path: "/todo.md", content: "- [ ] buy milk\n- [ ] Dentist 14 March 10:30\n" },
];

/** Three sessions of `files`, both tasks × 10 repeats: good, good again, and one that fails everything. */
async function sessions() {
  const token = (await dash.call("POST", "/api/devices", { json: { name: "ci" } })).body.token;
  const make = async (name: string) =>
    (
      await dash.call("POST", "/api/sessions", {
        json: { name, suite: "mini", configs: ["files"], tasks: "all", repeats: 10, order: "blocked" },
      })
    ).body.session.id as string;
  const good = await make("good");
  const again = await make("good again");
  const bad = await make("bad build");
  await runQueue(dash, token, (job) =>
    job.session.id === bad
      ? { reply: "I can't do that." }
      : job.task.id === "sum"
        ? { reply: "31" }
        : { reply: "Added.", workspace: { files: todo } },
  );
  return { good, again, bad };
}

describe("npm run gate", () => {
  it("exits 1 on a clear regression, naming it with its p-value, and 0 on identical sessions", async () => {
    const s = await sessions();
    const r = await gate("--url", url, "--baseline", s.good, "--candidate", `${s.bad}:files`);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(1);
    // 20 paired runs, all lost: McNemar p = 2·½²⁰ < 0.001.
    expect(r.stdout).toMatch(/^### ❌ Harness Lab gate: \d+ significant regressions?/);
    expect(r.stdout).toContain(
      "| Pass rate, overall | exact McNemar, paired runs | 20/20 (100%) | 0/20 (0%) | ↓ −100 pts | <0.001 |",
    );
    expect(r.stdout).toContain(
      `](${url}/analytics/compare?session=${s.good}&session=${s.bad}&includeTrial=1&a=files&b=files&aSession=${s.good}&bSession=${s.bad})`,
    );
    // GET /api/gate gives the same answer: its markdown is what the CLI printed.
    const api = await fetch(`${url}/api/gate?baseline=${s.good}&candidate=${s.bad}:files&format=markdown`);
    expect(api.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(await api.text()).toBe(r.stdout);

    const same = await gate(
      "--url",
      url,
      "--baseline",
      `${s.good}:files`,
      "--candidate",
      `${s.again}:files`,
      "--format",
      "json",
    );
    expect(same.code).toBe(0);
    const body = JSON.parse(same.stdout);
    expect(body).toMatchObject({ regression: false, regressions: [] });
    expect(body.checks.find((c: { id: string }) => c.id === "pass.overall.mcnemar").p).toBe(1);
  }, 60_000);

  it("exits 2 with a sentence on a bad session id, bad arguments, or no dashboard", async () => {
    await sessions();
    const bad = await gate("--url", url, "--baseline", "ses_nope", "--candidate", "ses_nope2");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("gate: the dashboard answered 404: There is no session ses_nope (the baseline)");
    const usage = await gate("--url", url, "--baseline", "x");
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("gate: give --candidate.");
    // A port nothing listens on: taken, then released.
    const spare = http.createServer();
    await new Promise<void>((resolve) => spare.listen(0, "127.0.0.1", resolve));
    const port = (spare.address() as AddressInfo).port;
    await new Promise((resolve) => spare.close(resolve));
    const down = await gate("--url", `http://127.0.0.1:${port}`, "--baseline", "a", "--candidate", "b");
    expect(down.code).toBe(2);
    expect(down.stderr).toBe(
      `gate: could not reach the dashboard at http://127.0.0.1:${port} (ECONNREFUSED): check --url and that the dashboard is running.\n`,
    );
  }, 60_000);
});
