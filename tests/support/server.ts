import { afterEach, beforeEach } from "vitest";
import { z } from "zod";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createContext, createPgContext, setContext, type Ctx } from "@/server/context";
import { pgTestDatabase, pgUrl } from "./pg";
import { loadRepositorySuites } from "@/server/boot";

import { ROUTES as CONTRACT, pathRegex, routeFile } from "@/contracts";

type Handler = (req: Request, ctx: { params: Promise<any> }) => Promise<Response> | Response;
type Module = Partial<Record<string, Handler>>;

const root = path.join(__dirname, "..", "..");
/**
 * The app's route table, from the contract: one entry per path that has a route file (the
 * auth routes are server/main.ts's own), static paths before those with a parameter, as Next.js
 * prefers them. Modules are imported on first use.
 */
const ROUTES: [RegExp, string][] = [...new Set(CONTRACT.filter((r) => !r.servedBy).map((r) => r.path))]
  .sort((a, b) => Number(a.includes("{")) - Number(b.includes("{")))
  .map((p) => [pathRegex(p), path.join(root, routeFile(p))]);
const modules = new Map<string, Promise<Module>>();
const load = (file: string): Promise<Module> => {
  if (!modules.has(file)) modules.set(file, import(file) as Promise<Module>);
  return modules.get(file)!;
};

export interface Call {
  status: number;
  body: any;
}

/** The engine test dashboards run on: `HL_TEST_ENGINE=postgres` (the Vitest project "postgres") or SQLite. */
export const TEST_ENGINE: "sqlite" | "postgres" = process.env.HL_TEST_ENGINE === "postgres" ? "postgres" : "sqlite";

/**
 * A dashboard on a fresh database with a controllable clock, called through its real route
 * handlers with real Request objects (no network), loaded with the suites in `suitesDir`: a SQLite
 * file, or (TEST_ENGINE postgres) a database cloned from the migrated template on the test server.
 */
export async function testDashboard(
  suitesDir = path.join(__dirname, "..", "fixtures", "suites"),
  opts: { sequentialIds?: boolean } = {},
) {
  let now = Date.parse("2026-10-14T09:00:00Z");
  // Sequential ids (ses_0001, run_0001, …) make exports reproducible byte for byte.
  const counters = new Map<string, number>();
  const sequential = (prefix: string) => {
    const n = (counters.get(prefix) ?? 0) + 1;
    counters.set(prefix, n);
    return `${prefix}_${String(n).padStart(4, "0")}`;
  };
  const ids = opts.sequentialIds ? sequential : undefined;
  let ctx: Ctx;
  let cleanup: () => Promise<void>;
  if (TEST_ENGINE === "postgres") {
    if (!pgUrl)
      throw new Error("HL_TEST_ENGINE=postgres needs the test PostgreSQL server (tests/support/pg-global.ts).");
    const database = await pgTestDatabase();
    ctx = await createPgContext(database.url, { now: () => now, ids, poolMax: 4 });
    cleanup = database.drop;
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "harness-lab-"));
    ctx = createContext(path.join(dir, "test.db"), () => now, ids);
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  setContext(ctx);
  const boot = await loadRepositorySuites(ctx, suitesDir);
  if (boot.problems.length) throw new Error(boot.problems.join("\n"));

  /** Routes a Request to the app's handler the way Next.js would. */
  async function dispatch(req: Request): Promise<Response> {
    const u = new URL(req.url);
    for (const [re, file] of ROUTES) {
      const m = u.pathname.match(re);
      if (!m) continue;
      const mod = await load(file);
      // Next.js answers HEAD with GET; every other method is the route file's own (otherMethods).
      const handler = mod[req.method] ?? (req.method === "HEAD" ? mod.GET : undefined);
      if (!handler)
        throw new Error(
          `${u.pathname} exports no ${req.method} handler: end its route file with \`otherMethods(…)\` from src/server/http.ts`,
        );
      return handler(req, { params: Promise.resolve({ ...m.groups }) });
    }
    throw new Error(`no route for ${u.pathname}`);
  }

  async function call(
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS",
    url: string,
    opts: { json?: unknown; body?: string; token?: string; headers?: Record<string, string> } = {},
  ): Promise<Call> {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined = opts.body;
    if (opts.json !== undefined) {
      body = JSON.stringify(opts.json);
      headers["content-type"] ??= "application/json";
    }
    const res = await dispatch(new Request(new URL(url, "http://127.0.0.1:3000"), { method, headers, body }));
    const text = await res.text();
    const type = res.headers.get("content-type") ?? "";
    return { status: res.status, body: text && type.includes("json") ? JSON.parse(text) : text || null };
  }

  /** Rows of a query on this dashboard's engine (`?` placeholders): what tests check in the tables. */
  const AnyRow = z.record(z.string(), z.unknown());
  const rows = (text: string, ...params: unknown[]) => ctx.store.sql.all(AnyRow, text, params);
  return {
    ctx,
    call,
    engine: TEST_ENGINE,
    rows,
    row: async (text: string, ...params: unknown[]) => (await rows(text, ...params))[0],
    /** `SELECT COUNT(*) AS n …`'s n. */
    count: async (text: string, ...params: unknown[]) => Number((await rows(text, ...params))[0]?.n),
    /** A statement that returns no rows (a test breaking something on purpose); rows changed. */
    exec: (text: string, ...params: unknown[]) => ctx.store.sql.run(text, params),
    /** A `fetch` that never leaves the process: for the simulated phone. */
    fetch: ((input: RequestInfo | URL, init?: RequestInit) => dispatch(new Request(input, init))) as typeof fetch,
    advance: (ms: number) => {
      now += ms;
    },
    now: () => now,
    close: async () => {
      setContext(undefined);
      await ctx.store.close();
      await cleanup();
    },
  };
}

export type TestDashboard = Awaited<ReturnType<typeof testDashboard>>;

export const phone = {
  device: { id: "iphone15pro-a", model: "iPhone 15 Pro", os: "iOS 26.1" },
  build: { commit: "3f2c1e9", app: "0.7.0", runtime: "react-native-executorch 0.10.4", model: "gemma-4-e2b" },
};
export const pollBody = { ...phone, state: { thermal: "nominal", battery: 0.8, charging: false } };

/** A minimal valid trace for a job: one turn, the given calls, reply and final files. */
export function traceFor(
  job: {
    lease: { token: string };
    attempt: number;
    task: { workspace: { files: { path: string; content: string }[] } };
  },
  opts: { reply?: string; files?: { path: string; content: string }[]; calls?: unknown[]; end?: string } = {},
) {
  return {
    leaseToken: job.lease.token,
    attempt: job.attempt,
    ...phone,
    startedAt: "2026-10-14T09:00:01Z",
    endedAt: "2026-10-14T09:00:09Z",
    conditions: { thermalAtStart: "nominal", charging: false },
    load: { startupTokens: 300, ms: 2200 },
    turns: [
      {
        promptTokens: 45,
        contextTokens: 380,
        ttftMs: 320,
        outputTokens: 40,
        decodeMs: 2000,
        text: "…",
        toolCalls: opts.calls ?? [],
      },
    ],
    reply: opts.reply ?? "",
    end: { reason: opts.end ?? "stop" },
    peakContextTokens: 420,
    workspace: { files: opts.files ?? job.task.workspace.files },
  };
}

/**
 * Works through a dashboard's queue as one phone: polls until 204, submitting for each job a
 * minimal valid trace overridden by `shape(job, i)`. Every submission must be accepted.
 */
export async function runQueue(dash: TestDashboard, token: string, shape: (job: any, i: number) => object) {
  for (let i = 0; ; i++) {
    const r = await dash.call("POST", "/api/device/v1/poll", { json: pollBody, token });
    if (r.status === 204) return i;
    const job = r.body.job;
    const res = await dash.call("POST", `/api/device/v1/jobs/${job.id}/result`, {
      json: { ...traceFor(job), ...shape(job, i) },
      token,
    });
    if (res.status !== 201) throw new Error(`result for ${job.id} answered ${res.status}: ${JSON.stringify(res.body)}`);
  }
}

/**
 * Registers a fresh dashboard (mini suite) with one paired device for every test of the file,
 * handing both to `use`, and closes it after each test.
 */
export function dashboardPerTest(use: (dash: TestDashboard, token: string) => void) {
  let dash: TestDashboard | undefined;
  beforeEach(async () => {
    dash = await testDashboard();
    use(dash, (await dash.call("POST", "/api/devices", { json: { name: "p" } })).body.token);
  });
  afterEach(() => dash?.close());
}
