import { describe, expect, it } from "vitest";
import { dashboardPerTest, pollBody, traceFor, type TestDashboard } from "../support/server";

let dash: TestDashboard;
let token: string;
dashboardPerTest((d, t) => {
  dash = d;
  token = t;
});

describe("the dashboard API refuses what it does not know (issue 35.7)", () => {
  it("answers POST /api/sessions with typos of repeats and trial with a 400 naming both, and creates nothing", async () => {
    const r = await dash.call("POST", "/api/sessions", {
      json: { name: "typos", suite: "mini", configs: ["files"], repeat: 5, trail: true },
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toEqual({
      code: "invalid_request",
      message: "The body has fields this route does not take; fix or remove the ones listed in `issues`.",
      issues: [
        { path: "repeat", message: "`repeat` is not a field: did you mean `repeats`?" },
        { path: "trail", message: "`trail` is not a field: did you mean `trial`?" },
      ],
    });
    expect((await dash.call("POST", "/api/device/v1/poll", { json: pollBody, token })).status).toBe(204);
    // Spelled right, the same session is created with what was asked.
    const ok = await dash.call("POST", "/api/sessions", {
      json: { name: "typos", suite: "mini", configs: ["files"], repeats: 5, trial: true },
    });
    expect(ok.status).toBe(201);
    expect(ok.body.session.jobs).toBe(10);
  });

  it("names an unknown field inside the body by its path, beside the shape's own problems", async () => {
    const r = await dash.call("POST", "/api/sessions", {
      json: { name: "", suite: "mini", configs: ["files"], tasks: { grups: ["single"] } },
    });
    expect(r.status).toBe(400);
    expect(r.body.error.issues).toEqual(
      expect.arrayContaining([
        { path: "tasks.grups", message: "`grups` is not a field: did you mean `groups`?" },
        expect.objectContaining({ path: "name" }),
      ]),
    );
  });

  it("refuses an unknown query parameter with the nearest known one", async () => {
    const r = await dash.call("GET", "/api/analytics/configs?sesion=ses_x");
    expect(r.status).toBe(400);
    expect(r.body.error.issues).toEqual([
      { path: "sesion", message: "`sesion` is not a parameter: did you mean `session`?" },
    ]);
    expect(r.body.error.message).toBe(
      "A query parameter is not taken by GET /api/analytics/configs; fix or remove the ones listed in `issues`.",
    );
    expect((await dash.call("GET", "/api/analytics/configs?includeTrial=1")).status).toBe(200);
  });

  it("keeps taking the fields protocol.md lets a phone add, on poll and on the result", async () => {
    await dash.call("POST", "/api/sessions", { json: { name: "s", suite: "mini", configs: ["files"], repeats: 1 } });
    const poll = await dash.call("POST", "/api/device/v1/poll?wait=0&client=ios", {
      json: { ...pollBody, extra: { appLanguage: "de" }, device: { ...pollBody.device, chip: "A17" } },
      token,
    });
    expect(poll.status).toBe(200);
    const job = poll.body.job;
    const res = await dash.call("POST", `/api/device/v1/jobs/${job.id}/result`, {
      json: { ...traceFor(job), vendorNotes: "kept out of scoring" },
      token,
    });
    expect(res.status).toBe(201);
  });
});
