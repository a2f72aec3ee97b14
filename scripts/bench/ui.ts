/**
 * Targets 6 and 7 against the real built server (`npx tsx server/main.ts`, existing `.next`):
 * a database with one session of 2,016 completed runs (seeded like `npm run seed`) and one run
 * whose 200-turn trace goes through the real device protocol (leased, submitted, validated,
 * scored); then Chromium visits the trace viewer, the session page and a trivial page of the same
 * app (the baseline), and the server's start-up time and memory are measured.
 */
import fs from "node:fs";
import path from "node:path";
import { seedDatabase } from "../lib/seedDb";
import { longTrace } from "./longTrace";
import { launch, visitAll, type PageSpec, type Visit } from "./pages";
import { serverRss, startProc, stopProc } from "./serverProc";
import { median, spread, type Figure } from "./measure";
import { pageRows, serverRows } from "./uiReport";
import { sqliteDatabase } from "../../src/server/store/sqlite";

const PHONE = {
  device: { id: "bench-pixel-1", model: "Pixel 9", os: "Android 16" },
  build: { commit: "bench", app: "0.7.0", runtime: "llama.rn 0.6", model: "gemma-4-e2b" },
};

async function call<T>(base: string, p: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(base + p, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  if (res.status >= 300) throw new Error(`POST ${p} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

type Job = {
  id: string;
  attempt: number;
  lease: { token: string };
  task: { workspace: { files: { path: string; content: string }[] } };
  config: { contextWindow: number };
};

/** Leases one job like a phone and submits a `turns`-turn trace for it; returns the run id and the trace's size. */
async function submitLongRun(base: string, turns: number) {
  const { token } = await call<{ token: string }>(base, "/api/devices", { name: "bench phone" });
  await call(base, "/api/sessions", {
    name: `bench: ${turns}-turn trace`,
    tasks: ["dentist-todo-reminder"],
    configs: ["files-plan"],
    repeats: 1,
  });
  const { job } = await call<{ job: Job }>(
    base,
    "/api/device/v1/poll?wait=0",
    { ...PHONE, state: { thermal: "nominal", battery: 0.7, charging: false } },
    token,
  );
  const trace = longTrace({
    leaseToken: job.lease.token,
    attempt: job.attempt,
    ...PHONE,
    seed: job.task.workspace,
    contextWindow: job.config.contextWindow,
    turns,
    startedAt: new Date(Date.now() - 3_600_000).toISOString(),
  });
  const { runId } = await call<{ runId: string }>(base, `/api/device/v1/jobs/${job.id}/result`, trace, token);
  const run = (await (await fetch(`${base}/api/runs/${runId}`)).json()) as {
    trace: { turns: unknown[] };
    score: { outcome: string };
  };
  if (run.trace.turns.length !== turns || !run.score.outcome)
    throw new Error(`run ${runId} was not stored and scored as sent`);
  return {
    runId,
    kb: Buffer.byteLength(JSON.stringify(trace)) / 1024,
    calls: trace.turns.reduce((n, t) => n + t.toolCalls.length, 0),
  };
}

export interface UiResult {
  figures: Figure[];
  pages: string;
  server: string;
}

export async function benchUi(dir: string, reps: number, log: (l: string) => void): Promise<UiResult> {
  if (!fs.existsSync(path.join(process.cwd(), ".next", "BUILD_ID")))
    throw new Error("ui: no build found; run `npx next build --webpack` (or `npm run build`) first");
  const dbPath = path.join(dir, "ui.db");
  const seeded = await seedDatabase(dbPath, { runs: 2016, seed: 1, variants: 2 });
  const sessionId = seeded.sessions[0];
  sqliteDatabase(seeded.ctx.store).close();
  const env = { DB_PATH: dbPath };
  const logFile = path.join(dir, "server.log");

  const server = await startProc("server/main.ts", env, logFile, ["/api/health", "/"]);
  let visits: Map<string, Visit[]>;
  let long: Awaited<ReturnType<typeof submitLongRun>>;
  let rssIdle: ReturnType<typeof serverRss>;
  try {
    long = await submitLongRun(server.base, 200);
    log(
      `ui: 200-turn run ${long.runId} (${long.kb.toFixed(0)} KB, ${long.calls} tool calls), session ${sessionId} (${seeded.runs} runs)`,
    );
    const specs: PageSpec[] = [
      {
        name: "baseline",
        path: "/import",
        content: "[data-testid=import-form]",
        hydrated: "[data-testid=import-form]",
      },
      {
        name: "trace",
        path: `/runs/${long.runId}`,
        content: "#turn-1",
        complete: "#turn-200",
        hydrated: "html[data-trace-keys=ready]",
        effect: "[data-turn][aria-current]",
      },
      // the same run with every turn in full, as the viewer showed it before it paged long runs
      {
        name: "traceAll",
        path: `/runs/${long.runId}?turns=all`,
        content: "#turn-1",
        complete: "#turn-200",
        hydrated: "html[data-trace-keys=ready]",
        effect: "[data-turn][aria-current]",
      },
      {
        name: "session",
        path: `/sessions/${sessionId}`,
        content: "[data-testid=runs-table]",
        hydrated: "[data-testid=runs-table]",
      },
    ];
    const browser = await launch();
    try {
      visits = await visitAll(browser, server.base, specs, reps);
    } finally {
      await browser.close();
    }
    await new Promise((r) => setTimeout(r, 3000)); // idle: let in-flight work and GC settle
    rssIdle = serverRss(server.child.pid!, "server/main.ts");
  } finally {
    await stopProc(server);
  }

  // Start-up: the dashboard and a bare HTTP server, both by `npx tsx <file>`, alternately.
  const starts = { s: [] as number[], b: [] as number[], rss: [] as number[], group: [] as number[] };
  for (let i = 0; i < reps; i++) {
    const p = await startProc("server/main.ts", env, logFile, ["/api/health", "/"]);
    const r = serverRss(p.child.pid!, "server/main.ts");
    await stopProc(p);
    const h = await startProc("scripts/bench/helloServer.ts", {}, path.join(dir, "hello.log"), ["/"]);
    await stopProc(h);
    starts.s.push(p.readyMs);
    starts.b.push(h.readyMs);
    starts.rss.push(r.serverMb);
    starts.group.push(r.groupMb);
  }
  const dbMbPer1000 = (fs.statSync(dbPath).size / 1048576 / (seeded.runs + 1)) * 1000;

  const base = visits.get("baseline")!;
  const fig = (id: string, name: string, what: string): Figure => {
    const v = visits.get(name)!;
    const t = v.map((x) => x.interactive);
    const ratio = spread(
      t.map((x, i) => x / base[i].interactive),
      (x) => `${x.toFixed(2)}×`,
    );
    return {
      id,
      what: `${what}: interactive (ms)`,
      kind: "abs",
      ratios: t,
      target: name === "baseline" ? "—" : "< 1,000 ms",
      met: name === "baseline" ? null : median(t) < 1000,
      detail:
        name === "baseline"
          ? "the ratio baseline"
          : `${ratio} the baseline page; long tasks ${median(v.map((x) => x.longTasks))}, ${Math.round(median(v.map((x) => x.longTaskMs)))} ms`,
    };
  };
  const figures: Figure[] = [
    fig("6a", "trace", `trace viewer, 200 turns (${long.kb.toFixed(0)} KB trace, ${long.calls} tool calls)`),
    fig("6b", "session", `session page, ${seeded.runs.toLocaleString("en-US")} runs`),
    fig("6c", "baseline", "/import (baseline page)"),
    {
      id: "7a",
      what: "start-up, `npx tsx server/main.ts` to /api/health 200 and / rendered (ms)",
      kind: "abs",
      ratios: starts.s,
      target: "—",
      met: null,
      detail: `bare tsx HTTP server ${Math.round(median(starts.b))} ms; ratio ${spread(
        starts.s.map((x, i) => x / starts.b[i]),
        (x) => `${x.toFixed(2)}×`,
      )}`,
    },
    {
      id: "7b",
      what: "server RSS after start (MB)",
      kind: "abs",
      ratios: starts.rss,
      target: "—",
      met: null,
      detail: `whole process group (npm, tsx, esbuild) ${Math.round(median(starts.group))} MB`,
    },
    {
      id: "7c",
      what: "server RSS idle after the page visits (MB)",
      kind: "abs",
      ratios: [rssIdle.serverMb],
      target: "—",
      met: null,
      detail: `whole process group ${Math.round(rssIdle.groupMb)} MB`,
    },
  ];
  const labels = {
    baseline: "/import (baseline)",
    trace: "trace viewer, 200 turns",
    traceAll: "trace viewer, 200 turns all in full (`?turns=all`)",
    session: `session, ${seeded.runs.toLocaleString("en-US")} runs`,
  };
  return {
    figures,
    pages: pageRows(visits, labels),
    server: serverRows({ starts, rssIdle, dbMbPer1000, runs: seeded.runs + 1 }),
  };
}
