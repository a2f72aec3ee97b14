import { afterEach, describe, expect, it } from "vitest";
import { pollBody, testDashboard, traceFor, type TestDashboard } from "../support/server";
import { configUniverse } from "@/server/analytics/configUniverse";
import { CONFIG_PALETTE, configColors } from "@/components/analytics/configColors";

let dash: TestDashboard;
afterEach(() => dash.close());

async function runAll(token: string, shape: (job: any, i: number) => object) {
  for (let i = 0; ; i++) {
    const r = await dash.call("POST", "/api/device/v1/poll", { json: pollBody, token });
    if (r.status === 204) return;
    const job = r.body.job;
    const trace = traceFor(job);
    const res = await dash.call("POST", `/api/device/v1/jobs/${job.id}/result`, {
      json: { ...trace, ...shape(trace, i) },
      token,
    });
    expect(res.status).toBe(201);
  }
}

describe("analytics figures (issue 16.2)", () => {
  it("gives the TTFT scatter each point's build, so two builds can be drawn apart", async () => {
    dash = await testDashboard();
    const token = (await dash.call("POST", "/api/devices", { json: { name: "p" } })).body.token as string;
    await dash.call("POST", "/api/sessions", {
      json: { name: "t", suite: "mini", configs: ["files"], tasks: ["sum"], repeats: 4, order: "blocked" },
    });
    await runAll(token, (trace: any, i) => ({ build: { ...trace.build, commit: i < 2 ? "aaa1111" : "bbb2222" } }));
    const r = await dash.call("GET", "/api/analytics/ttft/points");
    expect(r.status).toBe(200);
    const builds = r.body.data.map((p: { build: string }) => p.build);
    expect(new Set(builds)).toEqual(new Set(["aaa1111", "bbb2222"]));
  });

  it("colours configs by the suite's order, the same whichever configs a selection ran", async () => {
    dash = await testDashboard();
    const token = (await dash.call("POST", "/api/devices", { json: { name: "p" } })).body.token as string;
    // Only `bash` has runs: colouring by the selection made it the first colour.
    await dash.call("POST", "/api/sessions", {
      json: { name: "b", suite: "mini", configs: ["bash"], tasks: ["sum"], repeats: 1 },
    });
    await runAll(token, () => ({}));
    // The mini suite lists files, then bash: the list is in that order, not in id order.
    expect(await configUniverse(dash.ctx)).toEqual(["files", "bash"]);
    const colors = configColors(await configUniverse(dash.ctx));
    expect(colors.bash).toBe(CONFIG_PALETTE[1]);
    expect(colors.files).toBe(CONFIG_PALETTE[0]);
  });
});
