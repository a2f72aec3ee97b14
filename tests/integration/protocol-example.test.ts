import { describe, expect, it } from "vitest";
import type { TestDashboard } from "../support/server";
import { dashboardPerTestOverHttp } from "../support/http";
import { runDevice, scriptedAgent } from "../../packages/protocol/examples/device-loop";

let dash: TestDashboard;
let url: string;
// A real socket in front of the route handlers (tests/support/http.ts).
dashboardPerTestOverHttp((d, u) => {
  dash = d;
  url = u;
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
