import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runDesktopDevice } from "@/desktop/device";
import { testDashboard, type TestDashboard } from "../support/server";
import { mockOpenAI } from "../support/mock-openai";

const DEVICE = { id: "laptop-1", model: "Test laptop", os: "Linux 6.8" };
const BUILD = {
  commit: "abc1234",
  app: "harness-lab-desktop 0.1.0",
  runtime: "openai-compatible (mock)",
  model: "gemma-test",
};

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
    json: { name: "desktop", suite: "mini", tasks: ["dentist-todo"], configs: ["bash"], repeats: 1, ...extra },
  });
  expect(r.status).toBe(201);
  return r.body.session.id as string;
}

const device = (baseUrl: string, extra: object = {}) => ({
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
  ...extra,
});

describe("desktop device against the dashboard", () => {
  it("leases a job, runs it with the job's harness and stores a passing run", async () => {
    await session();
    const mock = await mockOpenAI([
      {
        content: "Looking at your notes.",
        toolCalls: [{ name: "bash", arguments: { command: "cat /notes/health.md" } }],
      },
      {
        content:
          '<|tool_call>call:bash{command:<|"|>echo "- [ ] Dentist, Tuesday 14 March at 10:30 (Dr. Lee)" >> /todo.md<|"|>}<tool_call|>',
      },
      { content: "Added your dentist appointment (Tuesday 14 March, 10:30) to /todo.md." },
    ]);
    closers.push(mock.close);
    const reports = await runDesktopDevice(device(mock.url));
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ status: "submitted", endReason: "stop", passed: true, outcome: "finished" });
    // The job's harness reached the model: its system prompt, tools and temperature.
    const suite = (await dash.call("GET", "/api/suites/mini")).body.suite;
    const config = suite.configs.find((c: { id: string }) => c.id === "bash");
    const first = mock.turnRequests()[0];
    expect(first.messages[0]).toEqual({ role: "system", content: config.systemPrompt });
    expect(first.tools).toEqual(config.tools.map((t: object) => ({ type: "function", function: t })));
    expect(first.temperature).toBe(config.temperature);
    const run = (await dash.call("GET", `/api/runs/${reports[0].runId}`)).body;
    expect(run.score.passed).toBe(true);
    expect(run.trace.device).toEqual(DEVICE);
    expect(run.trace.turns).toHaveLength(3);
    expect(run.trace.workspace.files.find((f: { path: string }) => f.path === "/todo.md").content).toBe(
      "- [ ] buy milk\n- [ ] Dentist, Tuesday 14 March at 10:30 (Dr. Lee)\n",
    );
  });

  it("submits a crash trace when the endpoint drops mid-run", async () => {
    await session();
    const mock = await mockOpenAI([
      { toolCalls: [{ name: "bash", arguments: { command: "cat /notes/health.md" } }] },
      { content: "The dentist", drop: true },
    ]);
    closers.push(mock.close);
    const [r] = await runDesktopDevice(device(mock.url));
    expect(r).toMatchObject({ status: "submitted", endReason: "crash", outcome: "crashed" });
  });

  it("abandons the job when a heartbeat says the lease is lost", async () => {
    const id = await session({ leaseSeconds: 3 });
    const mock = await mockOpenAI([{ content: "thinking very slowly", delayMs: 2500 }]);
    closers.push(mock.close);
    const reports = await runDesktopDevice(
      device(mock.url, {
        maxJobs: 1,
        log: (line: string) => {
          if (line.includes("× bash")) void dash.call("POST", `/api/sessions/${id}/cancel`);
        },
      }),
    );
    expect(reports[0].status).toBe("abandoned");
    expect((await dash.call("GET", `/api/sessions/${id}`)).body.session.counts.completed).toBe(0);
  });

  it("explains a refused token", async () => {
    const mock = await mockOpenAI([]);
    closers.push(mock.close);
    await expect(runDesktopDevice({ ...device(mock.url), token: "nope" })).rejects.toThrow(/\/devices page/);
  });
});
