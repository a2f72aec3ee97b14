import { afterEach, beforeEach } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createContext, setContext, type Ctx } from "@/server/context";
import { loadRepositorySuites } from "@/server/boot";

import * as health from "../../app/api/health/route";
import * as poll from "../../app/api/device/v1/poll/route";
import * as heartbeat from "../../app/api/device/v1/jobs/[id]/heartbeat/route";
import * as result from "../../app/api/device/v1/jobs/[id]/result/route";
import * as fail from "../../app/api/device/v1/jobs/[id]/fail/route";
import * as devices from "../../app/api/devices/route";
import * as device from "../../app/api/devices/[id]/route";
import * as sessions from "../../app/api/sessions/route";
import * as session from "../../app/api/sessions/[id]/route";
import * as cancel from "../../app/api/sessions/[id]/cancel/route";
import * as rescore from "../../app/api/sessions/[id]/rescore/route";
import * as sessionRuns from "../../app/api/sessions/[id]/runs/route";
import * as suites from "../../app/api/suites/route";
import * as analyticsConfigs from "../../app/api/analytics/configs/route";
import * as analyticsTtft from "../../app/api/analytics/ttft/route";
import * as analyticsCompare from "../../app/api/analytics/compare/route";
import * as analyticsTasks from "../../app/api/analytics/tasks/route";
import * as analyticsOutcomes from "../../app/api/analytics/outcomes/route";
import * as exportCsv from "../../app/api/export/runs.csv/route";
import * as exportJson from "../../app/api/export/runs.json/route";
import * as exportTurns from "../../app/api/export/turns.csv/route";
import * as exportCalls from "../../app/api/export/calls.csv/route";
import * as exportReport from "../../app/api/export/report.zip/route";
import * as importRuns from "../../app/api/import/runs/route";
import * as runOne from "../../app/api/runs/[id]/route";
import * as runList from "../../app/api/runs/route";
import * as suite from "../../app/api/suites/[id]/route";
import * as analyticsProgress from "../../app/api/analytics/progress/route";
import * as analyticsFailures from "../../app/api/analytics/failures/route";
import * as analyticsFamily from "../../app/api/analytics/compare/family/route";
import * as analyticsSteps from "../../app/api/analytics/steps/route";
import * as analyticsProficiency from "../../app/api/analytics/proficiency/route";
import * as analyticsTtftPoints from "../../app/api/analytics/ttft/points/route";
import * as analyticsContext from "../../app/api/analytics/context/route";
import * as budgetCount from "../../app/api/budget/count/route";
import * as budget from "../../app/api/budget/route";
import * as budgetHeadroom from "../../app/api/budget/headroom/route";
import * as budgetConfigs from "../../app/api/budget/configs/route";
import * as demo from "../../app/api/demo/route";
import * as analyticsThrottling from "../../app/api/analytics/throttling/route";
import * as plan from "../../app/api/plan/route";
import * as gate from "../../app/api/gate/route";
import * as analyticsTransitions from "../../app/api/analytics/transitions/route";
import * as analyticsTrajectories from "../../app/api/analytics/trajectories/route";
import * as devicePause from "../../app/api/devices/[id]/pause/route";
import * as deviceResume from "../../app/api/devices/[id]/resume/route";
import * as analyticsCost from "../../app/api/analytics/cost/route";
import * as analyticsStates from "../../app/api/analytics/states/route";

type Handler = (req: Request, ctx: { params: Promise<any> }) => Promise<Response> | Response; // eslint-disable-line @typescript-eslint/no-explicit-any
type Module = Partial<Record<string, Handler>>;

// The app's route table, matched the way Next.js matches these folders.
const ROUTES: [RegExp, Module][] = [
  [/^\/api\/health$/, health as Module],
  [/^\/api\/device\/v1\/poll$/, poll as Module],
  [/^\/api\/device\/v1\/jobs\/(?<id>[^/]+)\/heartbeat$/, heartbeat as Module],
  [/^\/api\/device\/v1\/jobs\/(?<id>[^/]+)\/result$/, result as Module],
  [/^\/api\/device\/v1\/jobs\/(?<id>[^/]+)\/fail$/, fail as Module],
  [/^\/api\/devices$/, devices as Module],
  [/^\/api\/devices\/(?<id>[^/]+)$/, device as Module],
  [/^\/api\/sessions$/, sessions as Module],
  [/^\/api\/sessions\/(?<id>[^/]+)$/, session as Module],
  [/^\/api\/sessions\/(?<id>[^/]+)\/cancel$/, cancel as Module],
  [/^\/api\/sessions\/(?<id>[^/]+)\/rescore$/, rescore as Module],
  [/^\/api\/sessions\/(?<id>[^/]+)\/runs$/, sessionRuns as Module],
  [/^\/api\/suites$/, suites as Module],
  [/^\/api\/analytics\/configs$/, analyticsConfigs as Module],
  [/^\/api\/analytics\/ttft$/, analyticsTtft as Module],
  [/^\/api\/analytics\/compare$/, analyticsCompare as Module],
  [/^\/api\/analytics\/tasks$/, analyticsTasks as Module],
  [/^\/api\/analytics\/outcomes$/, analyticsOutcomes as Module],
  [/^\/api\/export\/runs\.csv$/, exportCsv as Module],
  [/^\/api\/export\/runs\.json$/, exportJson as Module],
  [/^\/api\/export\/turns\.csv$/, exportTurns as Module],
  [/^\/api\/export\/calls\.csv$/, exportCalls as Module],
  [/^\/api\/export\/report\.zip$/, exportReport as Module],
  [/^\/api\/import\/runs$/, importRuns as Module],
  [/^\/api\/runs\/(?<id>[^/]+)$/, runOne as Module],
  [/^\/api\/runs$/, runList as Module],
  [/^\/api\/suites\/(?<id>[^/]+)$/, suite as Module],
  [/^\/api\/analytics\/progress$/, analyticsProgress as Module],
  [/^\/api\/analytics\/failures$/, analyticsFailures as Module],
  [/^\/api\/analytics\/compare\/family$/, analyticsFamily as Module],
  [/^\/api\/analytics\/steps$/, analyticsSteps as Module],
  [/^\/api\/analytics\/proficiency$/, analyticsProficiency as Module],
  [/^\/api\/analytics\/ttft\/points$/, analyticsTtftPoints as Module],
  [/^\/api\/analytics\/context$/, analyticsContext as Module],
  [/^\/api\/budget\/count$/, budgetCount as Module],
  [/^\/api\/budget$/, budget as Module],
  [/^\/api\/budget\/headroom$/, budgetHeadroom as Module],
  [/^\/api\/budget\/configs$/, budgetConfigs as Module],
  [/^\/api\/demo$/, demo as Module],
  [/^\/api\/analytics\/throttling$/, analyticsThrottling as Module],
  [/^\/api\/plan$/, plan as Module],
  [/^\/api\/gate$/, gate as Module],
  [/^\/api\/analytics\/transitions$/, analyticsTransitions as Module],
  [/^\/api\/analytics\/trajectories$/, analyticsTrajectories as Module],
  [/^\/api\/devices\/(?<id>[^/]+)\/pause$/, devicePause as Module],
  [/^\/api\/devices\/(?<id>[^/]+)\/resume$/, deviceResume as Module],
  [/^\/api\/analytics\/cost$/, analyticsCost as Module],
  [/^\/api\/analytics\/states$/, analyticsStates as Module],
];

export interface Call {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/**
 * A dashboard on a fresh SQLite file with a controllable clock, called through its real route
 * handlers with real Request objects (no network), loaded with the suites in `suitesDir`.
 */
export function testDashboard(suitesDir = path.join(__dirname, "..", "fixtures", "suites"), opts: { sequentialIds?: boolean } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "harness-lab-"));
  let now = Date.parse("2026-10-14T09:00:00Z");
  // Sequential ids (ses_0001, run_0001, …) make exports reproducible byte for byte.
  const counters = new Map<string, number>();
  const sequential = (prefix: string) => {
    const n = (counters.get(prefix) ?? 0) + 1;
    counters.set(prefix, n);
    return `${prefix}_${String(n).padStart(4, "0")}`;
  };
  const ctx: Ctx = createContext(path.join(dir, "test.db"), () => now, opts.sequentialIds ? sequential : undefined);
  setContext(ctx);
  const boot = loadRepositorySuites(ctx, suitesDir);
  if (boot.problems.length) throw new Error(boot.problems.join("\n"));

  /** Routes a Request to the app's handler the way Next.js would. */
  async function dispatch(req: Request): Promise<Response> {
    const u = new URL(req.url);
    for (const [re, mod] of ROUTES) {
      const m = u.pathname.match(re);
      if (!m) continue;
      // Next.js answers HEAD with GET; every other method is the route file's own (otherMethods).
      const handler = mod[req.method] ?? (req.method === "HEAD" ? mod.GET : undefined);
      if (!handler) throw new Error(`${u.pathname} exports no ${req.method} handler: end its route file with \`otherMethods(…)\` from src/server/http.ts`);
      return handler(req, { params: Promise.resolve({ ...m.groups }) });
    }
    throw new Error(`no route for ${u.pathname}`);
  }

  async function call(method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS", url: string, opts: { json?: unknown; body?: string; token?: string; headers?: Record<string, string> } = {}): Promise<Call> {
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

  return {
    ctx,
    call,
    /** A `fetch` that never leaves the process: for the simulated phone. */
    fetch: ((input: RequestInfo | URL, init?: RequestInit) => dispatch(new Request(input, init))) as typeof fetch,
    advance: (ms: number) => {
      now += ms;
    },
    now: () => now,
    close: () => {
      setContext(undefined);
      ctx.db.$client.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const phone = {
  device: { id: "iphone15pro-a", model: "iPhone 15 Pro", os: "iOS 26.1" },
  build: { commit: "3f2c1e9", app: "0.7.0", runtime: "react-native-executorch 0.10.4", model: "gemma-4-e2b" },
};
export const pollBody = { ...phone, state: { thermal: "nominal", battery: 0.8, charging: false } };

/** A minimal valid trace for a job: one turn, the given calls, reply and final files. */
export function traceFor(
  job: { lease: { token: string }; attempt: number; task: { workspace: { files: { path: string; content: string }[] } } },
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
    turns: [{ promptTokens: 45, contextTokens: 380, ttftMs: 320, outputTokens: 40, decodeMs: 2000, text: "…", toolCalls: opts.calls ?? [] }],
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
export async function runQueue(dash: ReturnType<typeof testDashboard>, token: string, shape: (job: any, i: number) => object) {
  for (let i = 0; ; i++) {
    const r = await dash.call("POST", "/api/device/v1/poll", { json: pollBody, token });
    if (r.status === 204) return i;
    const job = r.body.job;
    const res = await dash.call("POST", `/api/device/v1/jobs/${job.id}/result`, { json: { ...traceFor(job), ...shape(job, i) }, token });
    if (res.status !== 201) throw new Error(`result for ${job.id} answered ${res.status}: ${JSON.stringify(res.body)}`);
  }
}

/**
 * Registers a fresh dashboard (mini suite) with one paired device for every test of the file,
 * handing both to `use`, and closes it after each test.
 */
export function dashboardPerTest(use: (dash: ReturnType<typeof testDashboard>, token: string) => void) {
  let dash: ReturnType<typeof testDashboard> | undefined;
  beforeEach(async () => {
    dash = testDashboard();
    use(dash, (await dash.call("POST", "/api/devices", { json: { name: "p" } })).body.token);
  });
  afterEach(() => dash?.close());
}
