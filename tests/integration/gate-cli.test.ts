import { describe, expect, it } from "vitest";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { runQueue, type TestDashboard } from "../support/server";
import { dashboardPerTestOverHttp } from "../support/http";

const root = path.resolve(__dirname, "..", "..");
let dash: TestDashboard;
let url: string;
// A real socket in front of the route handlers (tests/support/http.ts).
dashboardPerTestOverHttp((d, u) => {
  dash = d;
  url = u;
});

function gate(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // As a CI step runs it: the checkout's bin through npx, so stdout must hold only the gate's output.
    execFile("npx", ["--offline", "harness-lab-gate", ...args], { cwd: root }, (err, stdout, stderr) =>
      resolve({ code: err ? (typeof err.code === "number" ? err.code : 99) : 0, stdout, stderr }),
    );
  });
}

const todo = [
  { path: "/notes/health.md", content: "Dentist: Tuesday 14 March at 10:30, Dr. Lee.\n" },
  { path: "/todo.md", content: "- [ ] buy milk\n- [ ] Dentist 14 March 10:30\n" },
];

/**
 * Sessions of `files`, both tasks × 10 repeats, all passing: a baseline, the same build again, a
 * build whose model load is 1.4× slower, a hot trial, and (when asked) a declared A/A calibration.
 */
async function sessions(withCalibration = false) {
  const token = (await dash.call("POST", "/api/devices", { json: { name: "ci" } })).body.token;
  const make = async (name: string, extra: object = {}) =>
    (
      await dash.call("POST", "/api/sessions", {
        json: { name, suite: "mini", configs: ["files"], tasks: "all", repeats: 10, order: "blocked", ...extra },
      })
    ).body.session.id as string;
  const good = await make("good");
  const again = await make("good again");
  const slow = await make("slow build");
  const calibration = withCalibration ? await make("A/A on this phone", { calibration: true, repeats: 10 }) : "";
  const trial = await make("hot trial", { trial: true });
  const loadMs: Record<string, (repeat: number) => number> = {
    [slow]: (k) => 2800 + 10 * (k % 3),
    // The declared A/A session's arms land 45% apart (odd repeats 2,000 ms, even 2,900 ms).
    ...(calibration ? { [calibration]: (k: number) => (k % 2 ? 2000 : 2900) } : {}),
    // A trial on a hot phone, 3× slower: never taken as noise.
    [trial]: (k) => 6000 + 10 * (k % 3),
  };
  await runQueue(dash, token, (job) => ({
    reply: job.task.id === "sum" ? "31" : "Added.",
    ...(job.task.id === "sum" ? {} : { workspace: { files: todo } }),
    load: { startupTokens: 300, ms: (loadMs[job.session.id] ?? ((k: number) => 2000 + 10 * (k % 3)))(job.repeat) },
  }));
  return { good, again, slow, calibration };
}

describe("npx harness-lab-gate", () => {
  it("exits 1 on a 40% slower model load, naming it with its interval, and 0 on the same build again", async () => {
    const s = await sessions();
    const r = await gate("--url", url, "--baseline", s.good, "--candidate", `${s.slow}:files`);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^### ❌ Harness Lab gate: 1 significant regression\n/);
    expect(r.stdout).toMatch(
      /\| Model load \| median over runs \(20 vs 20\), bootstrap over runs, against 10% margin \| 2,010 ms \| 2,810 ms \| ↑ \+39\.8% \[\+\d+\.\d%, \+\d+\.\d%\] \| [<0-9.]+ \| – \| ❌ regression \|/,
    );
    expect(r.stdout).toContain(
      "- Model load (median over runs (20 vs 20), bootstrap over runs, against 10% margin): +39.8%",
    );
    // Two tasks cannot carry a pass-rate verdict, and the gate says so instead of passing in silence.
    expect(r.stdout).toContain(
      "> ⚠️ Pass rate and outcomes: with 2 tasks the smallest possible p is 0.25, so this test cannot reach α 0.05 whatever the runs say: add tasks (5 at least), not repeats.",
    );
    expect(r.stdout).toContain(
      "Calibration: On this data the gate (its pass-rate and outcome checks) rejects 0.0% of A/A comparisons",
    );
    expect(r.stdout).not.toMatch(/McNemar|paired runs/);
    expect(r.stdout).toContain(
      `](${url}/analytics/compare?session=${s.good}&session=${s.slow}&includeTrial=1&a=files&b=files&aSession=${s.good}&bSession=${s.slow})`,
    );
    // The link points where the caller reached the dashboard (the Host it sent), not at the name
    // the server was started with.
    const viaName = await dash.fetch(
      new Request(`http://localhost/api/gate?baseline=${s.good}&candidate=${s.slow}:files`, {
        headers: { host: "lab-box.local:8123" },
      }),
    );
    expect((await viaName.json()).compareUrl).toMatch(/^http:\/\/lab-box\.local:8123\/analytics\/compare\?session=/);
    // GET /api/gate gives the same answer: its markdown is what the CLI printed.
    const api = await fetch(`${url}/api/gate?baseline=${s.good}&candidate=${s.slow}:files&format=markdown`);
    expect(api.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(await api.text()).toBe(r.stdout);

    const same = await gate(
      "--url",
      url,
      "--baseline",
      `${s.good}:files`,
      "--candidate",
      `${s.again}:files`,
      "--format",
      "json",
    );
    expect(same.code).toBe(0);
    const body = JSON.parse(same.stdout);
    expect(body).toMatchObject({
      regression: false,
      regressions: [],
      tasks: 2,
      margins: { load: 0.1, turn: 0.1, ttft: 0.05 },
    });
    expect(body.checks.find((c: { id: string }) => c.id === "pass.overall").p).toBe(1);
    expect(body.checks.find((c: { id: string }) => c.id === "latency.load")).toMatchObject({
      verdict: "no_change",
      regression: false,
    });
  }, 60_000);

  it("takes margins from --margin and from a --config file, and refuses a bad one with a sentence", async () => {
    const s = await sessions();
    const wide = await gate(
      "--url",
      url,
      "--baseline",
      s.good,
      "--candidate",
      s.slow,
      "--margin",
      "load=0.5",
      "--format",
      "json",
    );
    expect(wide.code).toBe(0);
    const load = JSON.parse(wide.stdout).checks.find((c: { id: string }) => c.id === "latency.load");
    expect(load).toMatchObject({ verdict: "within_margin", threshold: 0.5, regression: false });

    const dir = mkdtempSync(path.join(tmpdir(), "gate-"));
    const file = path.join(dir, "harness-lab-gate.json");
    writeFileSync(file, JSON.stringify({ alpha: 0.01, margins: { load: 0.5 } }));
    const fromFile = await gate(
      "--url",
      url,
      "--baseline",
      s.good,
      "--candidate",
      s.slow,
      "--config",
      file,
      "--format",
      "json",
    );
    expect(fromFile.code).toBe(0);
    expect(JSON.parse(fromFile.stdout)).toMatchObject({ alpha: 0.01, margins: { load: 0.5, turn: 0.1, ttft: 0.05 } });
    // The command line wins over the file.
    expect(
      (await gate("--url", url, "--baseline", s.good, "--candidate", s.slow, "--config", file, "--margin", "load=0.1"))
        .code,
    ).toBe(1);

    writeFileSync(file, JSON.stringify({ margins: { lod: 0.5 } }));
    const badFile = await gate("--url", url, "--baseline", s.good, "--candidate", s.slow, "--config", file);
    expect(badFile.code).toBe(2);
    expect(badFile.stderr).toMatch(/^gate: --config .*harness-lab-gate\.json: margins: Unrecognized key/);
    const badMargin = await gate("--url", url, "--baseline", s.good, "--candidate", s.slow, "--margin", "speed=2");
    expect(badMargin.code).toBe(2);
    expect(badMargin.stderr).toContain(
      "gate: --margin: “speed=2” is not a margin: write NAME=VALUE with NAME load, turn or ttft",
    );
    const api = await fetch(`${url}/api/gate?baseline=${s.good}&candidate=${s.slow}&margin=load%3D-1`);
    expect(api.status).toBe(400);
    expect((await api.json()).error.issues).toEqual([
      { path: "margin", message: expect.stringContaining("“load=-1” is not a margin") },
    ]);
  }, 60_000);

  it("takes A/A noise only from declared calibration sessions of the same build, config and phone, and names them", async () => {
    const s = await sessions(true);
    const r = JSON.parse(
      (await gate("--url", url, "--baseline", `${s.good}:files`, "--candidate", `${s.slow}:files`, "--format", "json"))
        .stdout,
    );
    // The calibration session's arms moved 45%: a 40% slower load is within what this phone does by itself.
    expect(r.noise).toMatchObject({ source: "calibration", sessions: [s.calibration], aaCompared: 1, aaRejected: 0 });
    expect(r.noise.load).toBeCloseTo(0.45, 2);
    expect(r.checks.find((c: { id: string }) => c.id === "latency.load")).toMatchObject({
      threshold: expect.closeTo(0.45, 2),
      regression: false,
    });
    expect(r.markdown).toContain(`A/A noise from 1 declared calibration session (\`${s.calibration}\`): load 45%`);
  }, 60_000);

  it("exits 2 with a sentence on a bad session id, bad arguments, or no dashboard", async () => {
    await sessions();
    const bad = await gate("--url", url, "--baseline", "ses_nope", "--candidate", "ses_nope2");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("gate: the dashboard answered 404: There is no session ses_nope (the baseline)");
    const usage = await gate("--url", url, "--baseline", "x");
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("gate: give --candidate.");
    // A port nothing listens on: taken, then released.
    const spare = http.createServer();
    await new Promise<void>((resolve) => spare.listen(0, "127.0.0.1", resolve));
    const port = (spare.address() as AddressInfo).port;
    await new Promise((resolve) => spare.close(resolve));
    const down = await gate("--url", `http://127.0.0.1:${port}`, "--baseline", "a", "--candidate", "b");
    expect(down.code).toBe(2);
    expect(down.stderr).toBe(
      `gate: could not reach the dashboard at http://127.0.0.1:${port} (ECONNREFUSED): check --url and that the dashboard is running.\n`,
    );
  }, 60_000);
});
