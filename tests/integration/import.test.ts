import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pollBody, testDashboard, traceFor, type TestDashboard } from "../support/server";

const VIEWS = [
  "/api/analytics/configs",
  "/api/analytics/ttft",
  "/api/analytics/ttft?points=loads",
  "/api/analytics/tasks",
  "/api/analytics/outcomes",
  "/api/analytics/compare?a=files&b=bash",
];

async function analytics(dash: TestDashboard, session: string) {
  const out: Record<string, unknown> = {};
  for (const v of VIEWS) {
    const r = await dash.call("GET", `${v}${v.includes("?") ? "&" : "?"}session=${session}`);
    expect(r.status).toBe(200);
    // A device's label names the token its runs came in on; imported runs came in on none (issue 34.2).
    out[v] = JSON.parse(JSON.stringify(r.body, (k, x) => (k === "deviceLabel" ? undefined : x)));
  }
  return out;
}

describe("runs.json import", () => {
  it("round-trips: export → import into an empty dashboard → identical analytics", async () => {
    const src = await testDashboard();
    const token = (await src.call("POST", "/api/devices", { json: { name: "p" } })).body.token;
    const s = (
      await src.call("POST", "/api/sessions", {
        json: { name: "source", suite: "mini", configs: ["files", "bash"], repeats: 3, order: "interleaved", seed: 9 },
      })
    ).body.session;
    for (let i = 0; ; i++) {
      const r = await src.call("POST", "/api/device/v1/poll", { json: pollBody, token });
      if (r.status === 204) break;
      const job = r.body.job;
      const turns = Array.from({ length: 1 + (i % 3) }, (_, k) => ({
        promptTokens: 50 + 40 * k + i,
        contextTokens: 600 + i,
        ttftMs: 300 + 5 * (50 + 40 * k + i) + (i % 7),
        outputTokens: 20 + k,
        decodeMs: 900 + 13 * i,
        text: "",
        toolCalls: k === 0 ? [{ name: "read_file", args: { path: "/notes/health.md" }, ok: i % 2 === 0 }] : [],
      }));
      await src.call("POST", `/api/device/v1/jobs/${job.id}/result`, {
        json: {
          ...traceFor(job, { reply: i % 3 ? "31" : "Could you say that again?" }),
          turns,
          load: { startupTokens: job.config.id === "files" ? 1138 : 300, ms: 2000 + 37 * i },
        },
        token,
      });
    }
    const before = await analytics(src, s.id);
    const exported = await (
      await src.fetch(new URL(`http://127.0.0.1:3000/api/export/runs.json?session=${s.id}`))
    ).text();
    src.close();

    const dst = await testDashboard();
    const imp = await dst.call("POST", "/api/import/runs", {
      body: exported,
      headers: { "content-type": "application/json" },
    });
    expect(imp.status).toBe(201);
    expect(imp.body.session.runs).toBe(12);
    const after = await analytics(dst, imp.body.session.id);
    expect(after).toEqual(before);
    // Run ids are kept where free, so a re-export lists the same runs.
    const again = JSON.parse(
      await (
        await dst.fetch(new URL(`http://127.0.0.1:3000/api/export/runs.json?session=${imp.body.session.id}`))
      ).text(),
    );
    const original = JSON.parse(exported);
    expect(again.runs.map((r: { runId: string }) => r.runId)).toEqual(
      original.runs.map((r: { runId: string }) => r.runId),
    );
    expect(again.runs.map((r: { toolCalls: unknown }) => r.toolCalls)).toEqual(
      original.runs.map((r: { toolCalls: unknown }) => r.toolCalls),
    );
    // Rescoring cannot score imported runs (no workspace) and says why.
    const rescore = await dst.call("POST", `/api/sessions/${imp.body.session.id}/rescore`);
    expect(rescore.body.rescored).toBe(0);
    expect(rescore.body.unscorable[0].reason).toMatch(/imported/);
    dst.close();
  });

  it("makes one session per source session, so comparisons that pair runs by session come out the same", async () => {
    const src = await testDashboard();
    const token = (await src.call("POST", "/api/devices", { json: { name: "p" } })).body.token;
    const ids: string[] = [];
    for (const [k, name] of ["monday", "tuesday"].entries()) {
      ids.push(
        (
          await src.call("POST", "/api/sessions", {
            json: { name, suite: "mini", configs: ["files", "bash"], repeats: 2, seed: k + 1 },
          })
        ).body.session.id,
      );
      for (let i = 0; ; i++) {
        const r = await src.call("POST", "/api/device/v1/poll", { json: pollBody, token });
        if (r.status === 204) break;
        const reply = (i + k) % 3 ? "31" : "I could not do that.";
        await src.call("POST", `/api/device/v1/jobs/${r.body.job.id}/result`, {
          json: traceFor(r.body.job, { reply }),
          token,
        });
      }
    }
    const both = ids.map((id) => `session=${id}`).join("&");
    const compare = async (d: TestDashboard, q: string) =>
      (await d.call("GET", `/api/analytics/compare?a=files&b=bash&${q}`)).body;
    const before = {
      compare: await compare(src, both),
      monday: await analytics(src, ids[0]),
      tuesday: await analytics(src, ids[1]),
    };
    const exported = await (await src.fetch(new URL(`http://127.0.0.1:3000/api/export/runs.json?${both}`))).text();
    src.close();

    const dst = await testDashboard();
    const imp = await dst.call("POST", "/api/import/runs?name=week", {
      body: exported,
      headers: { "content-type": "application/json" },
    });
    expect(imp.status).toBe(201);
    expect(imp.body.sessions.map((x: { runs: number }) => x.runs)).toEqual([8, 8]);
    expect(imp.body.session).toEqual({ id: imp.body.sessions[0].id, runs: 8 });
    expect(imp.body.sessions.map((x: { name: string }) => x.name)).toEqual(["week · monday", "week · tuesday"]);
    const [mon, tue] = imp.body.sessions.map((x: { id: string }) => x.id);
    const names = (await dst.call("GET", "/api/sessions")).body.sessions.map((x: { name: string }) => x.name).sort();
    expect(names).toEqual(["week · monday", "week · tuesday"]);
    expect({
      compare: await compare(dst, `session=${mon}&session=${tue}`),
      monday: await analytics(dst, mon),
      tuesday: await analytics(dst, tue),
    }).toEqual(before);
    dst.close();
  });

  it("refuses an invalid file listing every problem, and stores nothing", async () => {
    const dst = await testDashboard();
    const bad = { version: 1, runs: [{ runId: "run_1", outcome: "exploded", turnCount: -1 }, { runId: "run_1" }] };
    const r = await dst.call("POST", "/api/import/runs", { json: bad });
    expect(r.status).toBe(400);
    const paths = r.body.error.issues.map((i: { path: string }) => i.path);
    expect(paths).toEqual(
      expect.arrayContaining(["runs.0.outcome", "runs.0.turnCount", "runs.0.sessionId", "runs.1.taskId"]),
    );
    expect(((await dst.row("SELECT COUNT(*) AS n FROM sessions")) as { n: number }).n).toBe(0);
    expect((await dst.call("POST", "/api/import/runs", { json: { version: 2, runs: [] } })).status).toBe(400);
    dst.close();
  });
});

describe("runs.json import keeps what the file carries (issue 16.5)", () => {
  it("re-exports every field of every run unchanged but the session's id and name, and says what it lacks", async () => {
    const src = await testDashboard();
    const token = (await src.call("POST", "/api/devices", { json: { name: "p" } })).body.token;
    const s = (
      await src.call("POST", "/api/sessions", {
        json: { name: "source", suite: "mini", configs: ["files"], repeats: 2 },
      })
    ).body.session;
    for (let i = 0; ; i++) {
      const r = await src.call("POST", "/api/device/v1/poll", { json: pollBody, token });
      if (r.status === 204) break;
      await src.call("POST", `/api/device/v1/jobs/${r.body.job.id}/result`, {
        json: {
          ...traceFor(r.body.job, { reply: i % 2 ? "31" : "I could not do that.", end: i % 3 ? "stop" : "timeout" }),
          endedAt: `2026-10-14T09:00:1${i}.5Z`,
          conditions: { thermalAtStart: "fair", thermalAtEnd: "serious", charging: true, battery: 0.25 + i / 100 },
        },
        token,
      });
    }
    const exported = JSON.parse(
      await (await src.fetch(new URL(`http://127.0.0.1:3000/api/export/runs.json?session=${s.id}`))).text(),
    );
    src.close();
    // The first job ran from 09:00:01 to 09:00:10.5 on a quarter-full battery (export order is not job order).
    expect(exported.runs.map((r: { wallMs: number }) => r.wallMs)).toContain(9500);
    expect(exported.runs.map((r: { batteryAtStart: number }) => r.batteryAtStart)).toContain(0.25);

    const dst = await testDashboard();
    const imp = await dst.call("POST", "/api/import/runs", {
      body: JSON.stringify(exported),
      headers: { "content-type": "application/json" },
    });
    expect(imp.status).toBe(201);
    expect(imp.body.notCarried.join(" ")).toMatch(/workspace/);
    const again = JSON.parse(
      await (
        await dst.fetch(new URL(`http://127.0.0.1:3000/api/export/runs.json?session=${imp.body.session.id}`))
      ).text(),
    );
    const strip = (r: Record<string, unknown>) => ({ ...r, sessionId: undefined, sessionName: undefined });
    expect(again.runs.map(strip)).toEqual(exported.runs.map(strip));
    dst.close();
  });

  it("refuses a failedChecks that disagrees with the checks it lists", async () => {
    const dst = await testDashboard();
    const src = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "fixtures", "export", "runs.json"), "utf8"));
    src.runs[0].failedChecks = "made-up";
    const r = await dst.call("POST", "/api/import/runs", { json: src });
    expect(r.status).toBe(400);
    expect(r.body.error.issues).toContainEqual({
      path: "runs.0.failedChecks",
      message: `lists "made-up" but the checks that failed are "${src.runs[0].checks
        .filter((c: { passed: boolean }) => !c.passed)
        .map((c: { id: string }) => c.id)
        .join(";")}"`,
    });
    dst.close();
  });
});
