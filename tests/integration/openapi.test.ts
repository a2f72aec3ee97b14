/**
 * A client that knows nothing but the served openapi.json could use this API: through a real
 * session (suites read, a device paired, sessions queued, a phone polling, heartbeating, failing
 * and submitting traces, analytics, budget, runs, export, import, rescore, cancel), every answer
 * is validated against the schema its operation documents in that document, with a generic
 * JSON Schema validator (ajv, draft 2020-12), not zod; error answers against the error body.
 */
import path from "node:path";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDevice } from "@/sim";
import { ROUTES, pathRegex } from "@/contracts";
import { pollBody, testDashboard, traceFor, type TestDashboard } from "../support/server";

type Doc = {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        operationId: string;
        responses: Record<string, { content?: Record<string, { schema: object }> }>;
        "x-error-codes": string[];
      }
    >
  >;
  components: object;
};
interface Answer {
  method: string;
  url: string;
  status: number;
  type: string;
  body: unknown;
}

/** Not called here: POST /api/demo starts real phone processes; report.zip drives a real Chromium (its own tests); login/logout are server/main.ts's (tests/e2e/server-lifecycle.spec.ts). */
const NOT_EXERCISED = new Set(["startDemo", "exportReportZip", "login", "logout"]);

let dash: TestDashboard;
let doc: Doc;
const answers: Answer[] = [];

async function call(
  method: "GET" | "POST" | "DELETE",
  url: string,
  opts: { json?: unknown; token?: string; body?: string } = {},
) {
  const headers: Record<string, string> = opts.token ? { authorization: `Bearer ${opts.token}` } : {};
  if (opts.json !== undefined || opts.body !== undefined) headers["content-type"] = "application/json";
  const res = await dash.fetch(`http://127.0.0.1:3000${url}`, {
    method,
    headers,
    body: opts.json !== undefined ? JSON.stringify(opts.json) : opts.body,
  });
  const text = await res.text();
  const type = (res.headers.get("content-type") ?? "").split(";")[0];
  const body = type === "application/json" && text ? JSON.parse(text) : text;
  answers.push({ method, url, status: res.status, type, body });
  return { status: res.status, body };
}

beforeAll(async () => {
  dash = await testDashboard(path.join(__dirname, "..", "..", "suites"));
  doc = (await call("GET", "/api/openapi.json")).body as Doc;
  await call("GET", "/api/health");
  const suites = (await call("GET", "/api/suites")).body as { suites: { id: string }[] };
  const suite = (await call("GET", `/api/suites/${suites.suites[0].id}`)).body as {
    suite: { id: string; configs: { id: string; systemPrompt: string; tools: unknown[] }[] };
  };
  const cfgs = suite.suite.configs.slice(0, 3).map((c) => c.id);
  const paired = (await call("POST", "/api/devices", { json: { name: "sims" } })).body as {
    device: { id: string };
    token: string;
  };
  const token = paired.token;
  const s1 = (
    (await call("POST", "/api/sessions", { json: { name: "one", configs: cfgs, repeats: 1, seed: 3 } })).body as {
      session: { id: string };
    }
  ).session.id;
  // One job by hand: heartbeat, fail, lease again, submit twice (201 then the idempotent 200).
  const job = (
    (await call("POST", "/api/device/v1/poll?wait=0", { json: pollBody, token })).body as {
      job: Parameters<typeof traceFor>[0] & { id: string };
    }
  ).job;
  await call("POST", `/api/device/v1/jobs/${job.id}/heartbeat`, { json: { leaseToken: job.lease.token }, token });
  await call("POST", `/api/device/v1/jobs/${job.id}/fail`, {
    json: { leaseToken: job.lease.token, reason: "crash" },
    token,
  });
  const again = (
    (await call("POST", "/api/device/v1/poll", { json: pollBody, token })).body as {
      job: Parameters<typeof traceFor>[0] & { id: string };
    }
  ).job;
  await call("POST", `/api/device/v1/jobs/${again.id}/result`, { json: traceFor(again), token });
  await call("POST", `/api/device/v1/jobs/${again.id}/result`, { json: traceFor(again), token });
  // A simulated phone works through the rest over the same handlers.
  await runDevice({
    url: "http://127.0.0.1:3000",
    token,
    deviceId: "sim-1",
    seed: 5,
    stopWhenIdle: true,
    waitSeconds: 0,
    speed: 1e9,
    fetch: dash.fetch,
    sleep: () => Promise.resolve(),
  });
  await call("POST", "/api/device/v1/poll", { json: pollBody, token }); // 204: the queue is empty
  const s2 = (
    (
      await call("POST", "/api/sessions", {
        json: { name: "two", configs: cfgs.slice(0, 2), repeats: 1, seed: 4, trial: true },
      })
    ).body as { session: { id: string } }
  ).session.id;

  // Issue 36.3: a plan saved before any lease (200), then again (409), and on a session already run (409).
  await call("POST", `/api/sessions/${s2}/plan`, { json: { plan: { a: cfgs[0], b: cfgs[1] } } });
  await call("POST", `/api/sessions/${s2}/plan`, { json: { plan: { a: cfgs[0], b: cfgs[1] } } });
  await call("POST", `/api/sessions/${s1}/plan`, { json: { plan: { a: cfgs[0], b: cfgs[1] } } });
  await call("GET", "/api/sessions");
  await call("GET", `/api/sessions/${s2}`);
  await call("GET", `/api/sessions/${s1}`);
  await call("GET", `/api/sessions/${s1}/runs`);
  await call("GET", "/api/devices");
  const runs = (await call("GET", "/api/runs?pageSize=10&sort=ttft&dir=asc")).body as { runs: { id: string }[] };
  await call("GET", `/api/runs/${runs.runs[0].id}`);
  for (const v of [
    "configs",
    "ttft",
    "ttft?points=all",
    "tasks",
    "outcomes",
    "ttft/points?max=5",
    "context",
    "progress",
    "failures",
    "proficiency",
    `steps?session=${s1}&pick=${s1}:${cfgs[1]}`,
    `steps?step=${s1}:${cfgs[1]}&step=${s1}:${cfgs[0]}`,
    `selection?session=${s1}&session=ses_unknown`,
    "compare/family?mode=consecutive",
    "throttling",
    "cost",
    "states",
    `transitions?a=${cfgs[0]}&b=${cfgs[1]}`,
    `trajectories?a=${cfgs[0]}&b=${cfgs[1]}`,
  ]) {
    await call("GET", `/api/analytics/${v}`);
  }
  await call("GET", `/api/analytics/compare?a=${cfgs[0]}&b=${cfgs[1]}`);
  await call("GET", `/api/budget?suite=${suite.suite.id}&a=${cfgs[0]}&b=${cfgs[1]}`);
  await call("GET", "/api/budget/headroom");
  const cfg = suite.suite.configs[1];
  await call("POST", "/api/budget/count", { json: { systemPrompt: cfg.systemPrompt, tools: cfg.tools } });
  await call("POST", "/api/budget/configs", {
    json: { suite: suite.suite.id, configId: cfg.id, systemPrompt: `${cfg.systemPrompt}\nBe brief.`, tools: cfg.tools },
  });
  await call("POST", `/api/sessions/${s1}/rescore`);
  await call("GET", "/api/export/runs.csv");
  await call("GET", `/api/export/turns.csv?session=${s1}`);
  await call("GET", `/api/export/calls.csv?session=${s1}`);
  for (const t of ["runs", "turns", "calls"]) await call("GET", `/api/export/${t}.parquet?session=${s1}`);
  await call("GET", `/api/plan?session=${s1}&delta=0.2`);
  await call("GET", `/api/gate?baseline=${s1}&candidate=${s1}`);
  const exported = (await call("GET", `/api/export/runs.json?session=${s1}`)).body;
  await call("POST", "/api/import/runs?name=copy", { json: exported });
  const mini = await import("../fixtures/suites/mini.json");
  await call("POST", "/api/suites", { json: mini.default });
  await call("POST", "/api/suites", { json: mini.default });
  await call("POST", `/api/sessions/${s2}/cancel`);
  await call("POST", `/api/devices/${paired.device.id}/pause`);
  await call("POST", `/api/devices/${paired.device.id}/resume`);
  await call("DELETE", `/api/devices/${paired.device.id}`);
  // Some refusals: each must be the documented error body with a code the operation lists.
  await call("GET", "/api/sessions/ses_nope");
  await call("POST", "/api/device/v1/poll?wait=31", { json: pollBody, token: "nope" });
  await call("GET", "/api/analytics/compare?a=x");
  await call("GET", "/api/runs?pageSize=5");
  await call("POST", "/api/sessions", { body: "{" });
  const other = ((await call("POST", "/api/devices", { json: { name: "b" } })).body as { token: string }).token;
  await call("POST", `/api/device/v1/jobs/${again.id}/heartbeat`, { json: { leaseToken: "stale" }, token: other });
}, 300_000);
afterAll(() => dash?.close());

const operationOf = (a: Answer) => {
  const pathname = new URL(a.url, "http://x").pathname;
  const route = ROUTES.find((r) => r.method === a.method && pathRegex(r.path).test(pathname));
  if (!route) throw new Error(`no operation for ${a.method} ${pathname}`);
  return { route, op: doc.paths[route.path]?.[a.method.toLowerCase()] };
};

describe("the served openapi.json", () => {
  it("is OpenAPI 3.1 with every route of the contract", () => {
    expect(doc.openapi).toBe("3.1.0");
    for (const r of ROUTES)
      expect(doc.paths[r.path]?.[r.method.toLowerCase()]?.operationId, `${r.method} ${r.path}`).toBe(r.id);
  });

  it("documents every answer of the session, and each validates against its schema", () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
    const compiled = new Map<string, ValidateFunction>();
    const seen = new Set<string>();
    const problems: string[] = [];
    for (const a of answers) {
      const { route, op } = operationOf(a);
      const what = `${a.method} ${a.url} → ${a.status}`;
      const documented = op?.responses[String(a.status)];
      if (!documented) {
        problems.push(`${what}: status not documented`);
        continue;
      }
      if (a.status < 300) seen.add(route.id);
      if (a.status >= 400) {
        const code = (a.body as { error?: { code?: string } }).error?.code ?? "";
        if (!op["x-error-codes"].includes(code)) problems.push(`${what}: code ${code} not listed for ${route.id}`);
      }
      const content = documented.content?.[a.type];
      if (a.status === 204) {
        if (a.body !== "") problems.push(`${what}: a 204 with a body`);
        continue;
      }
      if (!content) {
        problems.push(`${what}: no ${a.type} body documented`);
        continue;
      }
      const key = `${route.id} ${a.status} ${a.type}`;
      if (!compiled.has(key)) compiled.set(key, ajv.compile({ ...content.schema, components: doc.components }));
      const validate = compiled.get(key)!;
      if (!validate(a.body))
        problems.push(`${what}: ${ajv.errorsText(validate.errors, { separator: "; " }).slice(0, 600)}`);
    }
    expect(problems).toEqual([]);
    const missing = ROUTES.filter((r) => !NOT_EXERCISED.has(r.id) && !seen.has(r.id)).map((r) => r.id);
    expect(missing).toEqual([]);
    expect(answers.length).toBeGreaterThan(50);
  });
});
