import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setTokenizerLoader } from "@/server/budget/tokenizer";
import { pollBody, runQueue, testDashboard, type TestDashboard } from "../support/server";

// A stand-in tokenizer (the real one is tested in budget-tokenizer.test.ts): 313 tokens for any
// text with the bash prompt in it, 1,013 for the file-tools prompt, 13 for anything else.
const fake = async () => ({
  encode: (text: string) =>
    new Array(text.includes("a bash tool") ? 313 : text.includes("with file tools") ? 1013 : 13).fill(0),
});

let dash: TestDashboard;
let token: string;
beforeEach(() => setTokenizerLoader(fake));
afterEach(() => {
  dash.close();
  setTokenizerLoader(undefined);
});

async function setup(suitesDir?: string) {
  dash = await testDashboard(suitesDir);
  token = (await dash.call("POST", "/api/devices", { json: { name: "p" } })).body.token;
}

/**
 * 8 runs of the mini suite, loads exactly on 100 ms + 5 ms/token: files 1,000 start-up tokens
 * (5,100 ms), bash 300 (1,600 ms). Files' peaks are 1,500, 1,700, 1,900 (context_full) and 2,100.
 */
async function runMini() {
  await dash.call("POST", "/api/sessions", {
    json: { name: "b", suite: "mini", configs: ["files", "bash"], tasks: "all", repeats: 2, order: "blocked" },
  });
  let k = 0;
  await runQueue(dash, token, (job) => {
    if (job.config.id === "bash") return { load: { startupTokens: 300, ms: 1600 }, peakContextTokens: 700 };
    const peak = [1500, 1700, 1900, 2100][k++];
    return {
      load: { startupTokens: 1000, ms: 5100 },
      peakContextTokens: peak,
      end: { reason: peak === 1900 ? "context_full" : "stop" },
    };
  });
}

describe("GET /api/budget", () => {
  it("lists counted tokens without runs, with no fit and no contrast", async () => {
    await setup();
    const r = await dash.call("GET", "/api/budget?suite=mini");
    expect(r.status).toBe(200);
    expect(r.body.suite).toEqual({ id: "mini", version: 1 });
    expect(r.body.fit).toBeNull();
    expect(r.body.contrast).toBeNull();
    expect(
      r.body.configs.map((c: any) => [c.configId, c.tokens, c.method, c.runs, c.measuredStartupTokens, c.predicted]),
    ).toEqual([
      ["files", 1013, "gemma3", 0, null, null],
      ["bash", 313, "gemma3", 0, null, null],
    ]);
    // 2,048 − 1,013 tokens left for the task.
    expect(r.body.configs[0].windowLeft).toEqual({ tokens: 1035, share: 1035 / 2048 });
  });

  it("predicts each config's load from the device's line and sets it beside the measured medians", async () => {
    await setup();
    await runMini();
    const r = await dash.call("GET", "/api/budget?suite=mini&points=loads");
    expect(r.status).toBe(200);
    expect(r.body.fit.n).toBe(8);
    expect(r.body.fit.slopeMsPerToken).toBeCloseTo(5, 9);
    expect(r.body.fit.interceptMs).toBeCloseTo(100, 6);
    const files = r.body.configs.find((c: any) => c.configId === "files");
    expect(files).toMatchObject({ runs: 4, measuredStartupTokens: 1000, tokenDifference: -13, measuredLoadMs: 5100 });
    expect(files.predicted.ms).toBeCloseTo(100 + 5 * 1013, 6);
    expect(files.loadDifferenceMs).toBeCloseTo(5100 - 5165, 6);
    // No files-plan here: the most vs the fewest tokens; the intercept cancels.
    expect(r.body.contrast).toMatchObject({ a: "files", b: "bash", tokenDiff: 700, measuredDiffMs: 3500 });
    expect(r.body.contrast.predicted.ms).toBeCloseTo(3500, 6);
    expect((await dash.call("GET", "/api/budget?suite=mini&a=bash&b=files")).body.contrast.tokenDiff).toBe(-700);
    expect(r.body.contrast).toMatchObject({ aTokens: 1013, bTokens: 313 });
    const same = await dash.call("GET", "/api/budget?suite=mini&a=bash&b=bash");
    expect(same.status).toBe(400);
    expect(same.body.error.message).toBe("Both sides of the contrast are `bash`; pick two different configs.");
    // The default suite's ids get no special case: with files-plan, bash and a bare config the
    // default pair is the most vs the fewest counted tokens (1,013 vs 13), not files-plan vs bash.
    const mini = (await dash.call("GET", "/api/suites/mini")).body.suite;
    const bare = { ...mini.configs[1], id: "bare", label: "No tools", systemPrompt: "You are helpful.", tools: [] };
    const studyIds = {
      ...mini,
      id: "study-ids",
      configs: [{ ...mini.configs[0], id: "files-plan" }, mini.configs[1], bare],
    };
    expect((await dash.call("POST", "/api/suites", { json: studyIds })).status).toBe(201);
    const byTokens = await dash.call("GET", "/api/budget?suite=study-ids&points=loads");
    expect(byTokens.body.contrast).toMatchObject({
      a: "files-plan",
      b: "bare",
      aTokens: 1013,
      bTokens: 13,
      tokenDiff: 1000,
      measuredDiffMs: null,
    });
    expect(byTokens.body.contrast.predicted.ms).toBeCloseTo(5000, 6);
    // Another device has no runs, hence no line.
    expect((await dash.call("GET", "/api/budget?suite=mini&device=nobody")).body.fit).toBeNull();
    expect(
      (await dash.call("GET", `/api/budget?suite=mini&device=${pollBody.device.id}&build=${pollBody.build.commit}`))
        .body.fit.n,
    ).toBe(8);
  });

  it("refuses bad parameters and unknown suites", async () => {
    await setup();
    const bad = await dash.call("GET", "/api/budget?points=sometimes");
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues[0].path).toBe("points");
    expect((await dash.call("GET", "/api/budget?suite=nope")).status).toBe(404);
  });
});

describe("GET /api/budget/headroom", () => {
  it("gives nearest-rank quantiles of the window left after start-up and at peak, and the overflowed runs", async () => {
    await setup();
    await runMini();
    const r = await dash.call("GET", "/api/budget/headroom?suite=mini");
    expect(r.status).toBe(200);
    const [bash, files] = r.body.configs;
    expect(bash).toMatchObject({
      configId: "bash",
      runs: 4,
      contextWindow: 2048,
      overflowed: 0,
      contextFull: 0,
      runsHref: null,
    });
    expect(bash.afterStartup).toEqual({ 0: 1748, 10: 1748, 25: 1748, 50: 1748, 75: 1748, 90: 1748, 100: 1748 });
    // Left at peak, sorted: −52, 148, 348, 548; rank ⌈k·4/100⌉.
    expect(files.atPeak).toEqual({ 0: -52, 10: -52, 25: -52, 50: 148, 75: 348, 90: 548, 100: 548 });
    expect(files).toMatchObject({ overflowed: 2, contextFull: 1 });
    expect(files.runsHref).toMatch(/^\/runs\?session=ses_[^&]+&config=files&outcome=context_full$/);
    expect(r.body.overflowedRuns.map((o: any) => [o.configId, o.peak, o.outcome]).sort()).toEqual([
      ["files", 1900, "context_full"],
      ["files", 2100, "wrong_result"],
    ]);
  });

  it("is empty for a suite without runs", async () => {
    await setup();
    expect((await dash.call("GET", "/api/budget/headroom?suite=mini")).body).toEqual({
      suite: { id: "mini", version: 1 },
      configs: [],
      overflowedRuns: [],
    });
  });
});

describe("POST /api/budget/configs", () => {
  it("stores the edit as a new config version in a new suite version that new sessions use", async () => {
    await setup();
    const saved = await dash.call("POST", "/api/budget/configs", {
      json: { suite: "mini", configId: "bash", systemPrompt: "Shorter.", tools: [] },
    });
    expect(saved.status).toBe(201);
    expect(saved.body).toEqual({
      suite: { id: "mini", version: 2, tasks: 2, configs: 2 },
      config: { id: "bash", version: 2, previousVersion: 1 },
    });
    const suite = (await dash.call("GET", "/api/suites/mini")).body.suite;
    expect(suite.version).toBe(2);
    expect(suite.configs.find((c: any) => c.id === "bash")).toMatchObject({
      version: 2,
      systemPrompt: "Shorter.",
      tools: [],
    });
    expect(suite.configs.find((c: any) => c.id === "files").version).toBe(1);
    expect(
      (await dash.call("GET", "/api/budget?suite=mini")).body.configs.find((c: any) => c.configId === "bash").tokens,
    ).toBe(13);

    await dash.call("POST", "/api/sessions", {
      json: { name: "after", suite: "mini", configs: ["bash"], tasks: ["sum"], repeats: 1 },
    });
    const job = (await dash.call("POST", "/api/device/v1/poll", { json: pollBody, token })).body.job;
    expect(job.config).toMatchObject({ id: "bash", version: 2, systemPrompt: "Shorter." });

    // A second edit bumps past both stored versions.
    const again = await dash.call("POST", "/api/budget/configs", {
      json: { suite: "mini", configId: "bash", systemPrompt: "Shortest.", tools: [] },
    });
    expect(again.body.config).toEqual({ id: "bash", version: 3, previousVersion: 2 });
    expect(again.body.suite.version).toBe(3);
  });

  it("refuses an unchanged config, an unknown one and invalid tools", async () => {
    await setup();
    const suite = (await dash.call("GET", "/api/suites/mini")).body.suite;
    const bash = suite.configs.find((c: any) => c.id === "bash");
    const same = await dash.call("POST", "/api/budget/configs", {
      json: { suite: "mini", configId: "bash", systemPrompt: bash.systemPrompt, tools: bash.tools },
    });
    expect(same.status).toBe(409);
    expect(same.body.error.message).toMatch(/edit something before saving/);
    expect(
      (
        await dash.call("POST", "/api/budget/configs", {
          json: { suite: "mini", configId: "nope", systemPrompt: "x", tools: [] },
        })
      ).status,
    ).toBe(404);
    const bad = await dash.call("POST", "/api/budget/configs", {
      json: { suite: "mini", configId: "bash", systemPrompt: "x", tools: [{ name: "t" }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues.map((i: any) => i.path)).toEqual(
      expect.arrayContaining(["tools.0.description", "tools.0.parameters"]),
    );
    expect((await dash.call("GET", "/api/suites/mini")).body.suite.version).toBe(1);
  });

  it("makes the default suite's new version the one sessions without a suite id get", async () => {
    await setup(path.join(__dirname, "..", "..", "suites"));
    const saved = await dash.call("POST", "/api/budget/configs", {
      json: { suite: "phone-20", configId: "bash", systemPrompt: "Be brief.", tools: [] },
    });
    expect(saved.status).toBe(201);
    await dash.call("POST", "/api/sessions", {
      json: { name: "default", configs: ["bash"], tasks: ["bakery-give-number"], repeats: 1 },
    });
    const job = (await dash.call("POST", "/api/device/v1/poll", { json: pollBody, token })).body.job;
    expect(job.config).toMatchObject({ id: "bash", version: saved.body.config.version, systemPrompt: "Be brief." });
    expect((await dash.call("GET", "/api/suites")).body.suites.find((s: any) => s.id === "phone-20")).toMatchObject({
      version: saved.body.suite.version,
      default: true,
    });
  });
});
