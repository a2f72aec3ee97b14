import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runDesktopDevice } from "@/desktop/device";
import { testDashboard, type TestDashboard } from "../support/server";
import { type MockServer, mockOpenAI } from "../support/mock-openai";

/** Issue 17 at the device level: dead, stalled and too-small model servers, dropped tools, one study's jobs. */
const DEVICE = { id: "laptop-1", model: "Test laptop", os: "Linux 6.8" };
const BUILD = {
  commit: "abc1234",
  app: "harness-lab-desktop 0.1.0",
  runtime: "openai-compatible (mock)",
  model: "gemma-test",
};
const ANSWER = { content: "Added your dentist appointment to /todo.md." };

let dash: TestDashboard;
let token: string;
const closers: (() => Promise<void>)[] = [];
beforeEach(async () => {
  dash = await testDashboard();
  token = (await dash.call("POST", "/api/devices", { json: { name: "laptop" } })).body.token;
});
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
  dash.close();
});

async function session(extra: object = {}) {
  const r = await dash.call("POST", "/api/sessions", {
    json: {
      name: "desktop",
      suite: "mini",
      tasks: ["dentist-todo"],
      configs: ["bash"],
      repeats: 3,
      maxAttempts: 3,
      ...extra,
    },
  });
  expect(r.status).toBe(201);
  return r.body.session.id as string;
}
const counts = async (id: string) => (await dash.call("GET", `/api/sessions/${id}`)).body.session.counts;

async function serve(server: MockServer = {}) {
  const mock = await mockOpenAI(() => ANSWER, server);
  closers.push(mock.close);
  return mock;
}

function device(baseUrl: string, extra: Record<string, unknown> = {}) {
  const lines: string[] = [];
  const stop = new AbortController();
  return {
    lines,
    stop,
    opts: {
      url: "http://127.0.0.1:3000",
      token,
      device: DEVICE,
      build: BUILD,
      model: "gemma-test",
      stream: true,
      endpoint: { baseUrl },
      fetch: dash.fetch,
      waitSeconds: 0,
      stopWhenIdle: true,
      sleep: async () => {},
      signal: stop.signal,
      log: (l: string) => void lines.push(l),
      ...extra,
    } as Parameters<typeof runDesktopDevice>[0] & { sleep: (ms: number) => Promise<void>; log: (l: string) => void },
  };
}

describe("5. a dead model server stops the device, not the queue", () => {
  it("a server that is down from the start: no job is leased, the device waits with backoff and says so", async () => {
    const id = await session();
    const mock = await serve();
    await mock.stop();
    const d = device(mock.url);
    const waits: number[] = [];
    d.opts.sleep = async (ms: number) => {
      waits.push(ms);
      if (waits.length === 5) d.stop.abort();
    };
    const reports = await runDesktopDevice(d.opts);
    expect(reports.filter((r) => r.status === "failed")).toHaveLength(0);
    expect(await counts(id)).toMatchObject({ queued: 3, leased: 0, failed: 0 });
    expect(waits).toEqual([2000, 4000, 8000, 16000, 32000]);
    expect(d.lines.filter((l) => /not answering/.test(l))).toHaveLength(1);
  });

  it("a server that dies under a job: that job is handed back once, nothing more is leased until it answers again", async () => {
    const id = await session();
    const mock = await serve();
    const d = device(mock.url);
    let died = false;
    d.opts.log = (l: string) => {
      d.lines.push(l);
      if (!died && /^job .* × bash/.test(l)) {
        died = true;
        void mock.stop();
      }
    };
    let sleeps = 0;
    d.opts.sleep = async () => {
      if (++sleeps === 2) await mock.start();
    };
    const reports = await runDesktopDevice(d.opts);
    expect(reports.map((r) => r.status)).toEqual(["failed", "submitted", "submitted", "submitted"]);
    expect(reports[0].detail).toMatch(/^endpoint_unreachable: warm-up/);
    expect(await counts(id)).toMatchObject({ completed: 3, failed: 0 });
    expect(d.lines.some((l) => /answers again/.test(l))).toBe(true);
  });
});

describe("4. a server window smaller than the config's is found before the job runs", () => {
  it.each([
    ["llama.cpp /props", { windowVia: "llama.cpp", nCtx: 1024 }],
    ["vLLM max_model_len", { windowVia: "vllm", nCtx: 1024 }],
  ] as const)(
    "read from %s: the device refuses with the flag to raise, one job handed back, nothing sent to the model",
    async (_n, server) => {
      const id = await session();
      const mock = await serve(server);
      const d = device(mock.url);
      await expect(runDesktopDevice(d.opts)).rejects.toThrow(
        /window is 1024 tokens.*needs 2048.*-c 2048.*OLLAMA_CONTEXT_LENGTH=2048/,
      );
      expect(mock.requests).toHaveLength(0);
      expect(await counts(id)).toMatchObject({ queued: 3, failed: 0, completed: 0 });
    },
  );

  it("told only by the server's refusal (exceed_context_size_error n_ctx): not scored as context_full, the device stops", async () => {
    const id = await session();
    // A tokenizer at ten tokens a character makes the start-up prompt alone overflow 1,024.
    const mock = await serve({ windowVia: "none", nCtx: 1024, charsPerToken: 0.1 });
    const d = device(mock.url);
    await expect(runDesktopDevice(d.opts)).rejects.toThrow(/window is 1024 tokens \(its context-size error\)/);
    const c = await counts(id);
    expect(c).toMatchObject({ completed: 0, failed: 0, queued: 3 });
  });
});

describe("6. a template that drops the tools: warned once, every run marked", () => {
  it("two jobs, one warning, both traces toolsDropped", async () => {
    await session({ repeats: 2 });
    const mock = await serve({ dropTools: true });
    const d = device(mock.url);
    const reports = await runDesktopDevice(d.opts);
    expect(reports.map((r) => r.trace?.toolsDropped)).toEqual([true, true]);
    expect(d.lines.filter((l) => /leave the tools out/.test(l))).toHaveLength(1);
    const run = (await dash.call("GET", `/api/runs/${reports[0].runId}`)).body;
    expect(run.trace.toolsDropped).toBe(true);
  });
});

describe("7. a device can work for one study", () => {
  it("with sessions, only those sessions' jobs are leased", async () => {
    const first = await session({ repeats: 1 });
    const second = await session({ repeats: 2 });
    const mock = await serve();
    const reports = await runDesktopDevice(device(mock.url, { sessions: [second] }).opts);
    expect(reports).toHaveLength(2);
    expect(await counts(first)).toMatchObject({ queued: 1, completed: 0 });
    expect(await counts(second)).toMatchObject({ queued: 0, completed: 2 });
  });
});
