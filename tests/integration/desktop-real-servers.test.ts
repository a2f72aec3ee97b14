import { afterEach, describe, expect, it } from "vitest";
import { Trace } from "@/domain/protocol";
import { InfrastructureError, runDesktopJob } from "@/desktop/run";
import { findTokenizer } from "@/desktop/server-info";
import { type MockReply, type MockServer, mockOpenAI, promptTokensOf } from "../support/mock-openai";
import { BUILD, DEVICE, makeJob } from "../unit/sim/fixtures";

/** Issue 17: what real model servers do that the chars/4, no-cache, well-behaved mock did not. */
const mocks: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(mocks.splice(0).map((m) => m.close()));
});

async function serve(script: MockReply[] | ((req: unknown, turn: number) => MockReply), server: MockServer = {}) {
  const mock = await mockOpenAI(script, server);
  mocks.push(mock);
  return mock;
}

// 1,445 characters of directory listing: llama-server counted such text at ~2.1 characters a token.
const LISTING = Array.from({ length: 1445 }, (_, i) => "usr/lib/x86_64-linux-gnu/libc.so.6\n"[i % 35]).join("");

function listingJob(window: number) {
  const job = makeJob(
    "ls",
    { actions: "files" },
    { files: [{ path: "/ls.txt", content: LISTING }], prompt: "What is in /ls.txt?" },
  );
  job.config.tools = job.config.tools.filter((t) => t.name === "read_file");
  job.config.contextWindow = window;
  return job;
}
const readForever = () => ({ toolCalls: [{ name: "read_file", arguments: { path: "/ls.txt" } }] });

describe("1. the config's window is enforced with the server's own counts", () => {
  it.each([
    ["no tokenizer: the estimate learns the server's ratio", false],
    ["llama.cpp /tokenize: exact counts", true],
  ])("%s", async (_name, tokenize) => {
    const server: MockServer = { charsPerToken: 2, tokenize };
    // A first run in a roomy window shows where the third turn lands by the server's count.
    const probe = await serve(readForever, server);
    const wide = await runDesktopJob({
      job: listingJob(100_000),
      device: DEVICE,
      build: BUILD,
      endpoint: { baseUrl: probe.url },
      model: "m",
      stream: true,
      maxTurns: 3,
    });
    const [t1, t2, t3] = wide.trace.turns;
    expect(t3.contextTokens - (t2.contextTokens + t2.outputTokens)).toBeGreaterThan(600); // the listing, by the server's count
    // A window the third turn's prompt overflows, although chars/4 says the listing fits in it.
    const window = t3.contextTokens - 100;
    expect(t2.contextTokens + t2.outputTokens + Math.ceil(LISTING.length / 4) + 40).toBeLessThan(window);
    expect(t1.contextTokens).toBeGreaterThan(0);

    const mock = await serve(readForever, server);
    const tokenizer = tokenize ? await findTokenizer({ baseUrl: mock.url, model: "m" }) : null;
    if (tokenize) expect(tokenizer).not.toBeNull();
    const { trace } = await runDesktopJob({
      job: listingJob(window),
      device: DEVICE,
      build: BUILD,
      endpoint: { baseUrl: mock.url },
      model: "m",
      stream: true,
      maxTurns: 3,
      tokenize: tokenizer,
    });
    for (const t of trace.turns) expect(t.contextTokens + t.outputTokens).toBeLessThanOrEqual(window);
    expect(trace.peakContextTokens).toBeLessThanOrEqual(window);
    expect(trace.end.reason).toBe("context_full");
    // Ended before sending: no request the server counted past the window went out.
    for (const r of mock.turnRequests()) expect(promptTokensOf(r, server)).toBeLessThanOrEqual(window);
    expect(mock.turnRequests()).toHaveLength(2);
  });
});

describe("2. load time is a cold prefill, or says it is not", () => {
  const job = () => makeJob("sim-wifi-password");
  const twice = async (server: MockServer) => {
    const mock = await serve(() => ({ content: "maple-river-42" }), server);
    const runs = [];
    for (let i = 0; i < 2; i++)
      runs.push(
        (
          await runDesktopJob({
            job: job(),
            device: DEVICE,
            build: BUILD,
            endpoint: { baseUrl: mock.url },
            model: "m",
            stream: true,
          })
        ).trace,
      );
    return { mock, runs };
  };

  it("asks llama.cpp for a cold load (cache_prompt: false) and records that nothing came from its cache", async () => {
    const { mock, runs } = await twice({ timings: true, promptCache: {} });
    const loads = mock.requests.filter((r) => r.max_tokens === 1);
    expect(loads).toHaveLength(2);
    expect(loads.every((r) => r.cache_prompt === false)).toBe(true);
    expect(runs.map((t) => t.load.cachedTokens)).toEqual([0, 0]);
  });

  it("a server that cannot be told: the second job's load says how much came from the cache", async () => {
    const { runs } = await twice({ timings: true, promptCache: { ignoresCachePrompt: true } });
    const second = runs[1].load;
    expect(second.cachedTokens).toBeGreaterThan(0.8 * second.startupTokens);
    expect(Trace.parse(runs[1]).load.cachedTokens).toBe(second.cachedTokens);
  });
});

describe("3. time to first token and decode come from the server's timings when it reports them", () => {
  it.each([true, false])("streamed %s: a tool call sent whole at the end of decoding", async (stream) => {
    const mock = await serve(
      [
        { toolCalls: [{ name: "read_file", arguments: { path: "/home/network.md" } }], promptMs: 40, decodeMs: 300 },
        { content: "It is maple-river-42.", promptMs: 30, decodeMs: 20 },
      ],
      { timings: true, lateToolCalls: true },
    );
    const { trace } = await runDesktopJob({
      job: makeJob("sim-wifi-password"),
      device: DEVICE,
      build: BUILD,
      endpoint: { baseUrl: mock.url },
      model: "m",
      stream,
    });
    expect(trace.turns.map((t) => [t.ttftMs, t.decodeMs, t.timingSource])).toEqual([
      [40, 300, "server"],
      [30, 20, "server"],
    ]);
  });

  it("without timings the device's own measure is kept and says so", async () => {
    const mock = await serve([{ content: "It is maple-river-42.", chunkDelayMs: 5 }]);
    const { trace } = await runDesktopJob({
      job: makeJob("sim-wifi-password"),
      device: DEVICE,
      build: BUILD,
      endpoint: { baseUrl: mock.url },
      model: "m",
      stream: true,
    });
    expect(trace.turns[0].timingSource).toBe("client");
  });
});

describe("5. a stream that sends nothing for a bounded time ends the run as a timeout", () => {
  it("a server stuck mid-reply (SIGTERM, socket left open)", async () => {
    const mock = await serve([{ content: "I will look in your notes", stall: true }]);
    const t0 = Date.now();
    const { trace } = await runDesktopJob({
      job: makeJob("sim-wifi-password"),
      device: DEVICE,
      build: BUILD,
      endpoint: { baseUrl: mock.url, stallMs: 300, timeoutMs: 4000 },
      model: "m",
      stream: true,
    });
    expect(trace.end.reason).toBe("timeout");
    expect(trace.end.detail).toMatch(/sent nothing for/);
    expect(Date.now() - t0).toBeLessThan(3000);
  });
});

describe("5. a server that stops answering mid-run hands the job back instead of scoring it", () => {
  it("connection refused on turn 2: an infrastructure failure (endpoint_unreachable), not a crash trace", async () => {
    const mock = await serve([
      { toolCalls: [{ name: "read_file", arguments: { path: "/home/network.md" } }] },
      { content: "never sent" },
    ]);
    let chats = 0;
    // The server dies after turn 1: the next connection is refused, as fetch reports it.
    const dying = (async (url: string, init: RequestInit) => {
      if (String(url).endsWith("/chat/completions") && ++chats === 4)
        throw new TypeError("fetch failed", { cause: new Error("connect ECONNREFUSED") });
      return fetch(url, init);
    }) as typeof fetch;
    const run = runDesktopJob({
      job: makeJob("sim-wifi-password"),
      device: DEVICE,
      build: BUILD,
      endpoint: { baseUrl: mock.url, fetch: dying },
      model: "m",
      stream: true,
    });
    await expect(run).rejects.toBeInstanceOf(InfrastructureError);
    await expect(run).rejects.toMatchObject({
      reason: "endpoint_unreachable",
      message: expect.stringMatching(/^turn 2: cannot reach/),
    });
  });
});

describe("6. a template that drops the tools is noticed", () => {
  it.each([
    [true, true],
    [false, undefined],
  ])("dropTools %s → toolsDropped %s", async (dropTools, expected) => {
    const mock = await serve([{ content: "It is maple-river-42." }], { dropTools });
    const { trace } = await runDesktopJob({
      job: makeJob("sim-wifi-password"),
      device: DEVICE,
      build: BUILD,
      endpoint: { baseUrl: mock.url },
      model: "m",
      stream: true,
    });
    expect(trace.toolsDropped).toBe(expected);
  });
});
