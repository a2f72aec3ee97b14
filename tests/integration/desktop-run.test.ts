import { afterEach, describe, expect, it } from "vitest";
import { Trace } from "@/domain/protocol";
import { InfrastructureError, runDesktopJob } from "@/desktop/run";
import { type MockReply, mockOpenAI, promptTokensOf } from "../support/mock-openai";
import { BUILD, DEVICE, makeJob } from "../unit/sim/fixtures";

const mocks: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(mocks.splice(0).map((m) => m.close()));
});

async function run(script: MockReply[], job = makeJob("sim-wifi-password"), opts: { stream?: boolean } = {}) {
  const mock = await mockOpenAI(script);
  mocks.push(mock);
  const r = await runDesktopJob({
    job,
    device: DEVICE,
    build: BUILD,
    endpoint: { baseUrl: mock.url },
    model: "gemma-test",
    stream: opts.stream ?? true,
  });
  expect(Trace.safeParse(r.trace).success).toBe(true);
  return { ...r, mock };
}

describe("desktop run: the loop", () => {
  it("solves a job with native OpenAI tool calls, measuring every turn", async () => {
    const { trace, mock, estimated } = await run([
      { content: "Let me search.", toolCalls: [{ name: "search_files", arguments: { text: "wifi" } }] },
      { toolCalls: [{ name: "read_file", arguments: { path: "/home/network.md" } }] },
      { content: "The wifi password is maple-river-42." },
    ]);
    expect(estimated).toBe(false);
    expect(trace.end).toEqual({ reason: "stop", detail: null });
    expect(trace.reply).toBe("The wifi password is maple-river-42.");
    expect(trace.turns.map((t) => t.toolCalls.map((c) => [c.name, c.ok]))).toEqual([
      [["search_files", true]],
      [["read_file", true]],
      [],
    ]);
    expect(trace.turns[0].toolCalls[0].result).toBe("/home/network.md:2: Wifi password: maple-river-42");
    // The load is the request with the system prompt and tools; each turn's context is the endpoint's prompt_tokens.
    const [warm, load, ...turns] = mock.requests;
    expect(warm.max_tokens).toBe(8);
    expect(trace.load.startupTokens).toBe(promptTokensOf(load));
    expect(trace.turns.map((t) => t.contextTokens)).toEqual(turns.map((r) => promptTokensOf(r)));
    // New tokens of turn 2 = its prompt − (turn 1's prompt + turn 1's output).
    expect(trace.turns[1].promptTokens).toBe(
      trace.turns[1].contextTokens - trace.turns[0].contextTokens - trace.turns[0].outputTokens,
    );
    expect(trace.peakContextTokens).toBe(trace.turns[2].contextTokens + trace.turns[2].outputTokens);
    // The history goes back as tool calls and tool results.
    const last = turns[2].messages;
    expect(last.map((m) => m.role)).toEqual(["system", "user", "assistant", "tool", "assistant", "tool"]);
    expect(turns[0].stream).toBe(true);
    expect(turns[0].stream_options).toEqual({ include_usage: true });
    expect((turns[0].tools as { type: string }[])[0].type).toBe("function");
    expect(turns[0].temperature).toBe(0.2);
  });

  it("reads Gemma tool calls from the text and keeps the raw syntax in the turn", async () => {
    const call = '<|tool_call>call:read_file{path:<|"|>/home/network.md<|"|>}<tool_call|>';
    const { trace, mock } = await run([{ content: call }, { content: "It is maple-river-42." }]);
    expect(trace.turns[0].text).toBe(call);
    expect(trace.turns[0].toolCalls).toMatchObject([
      { name: "read_file", args: { path: "/home/network.md" }, ok: true },
    ]);
    const sent = mock.turnRequests()[1].messages;
    expect(sent[2]).toMatchObject({
      role: "assistant",
      content: "",
      tool_calls: [{ function: { name: "read_file", arguments: '{"path":"/home/network.md"}' } }],
    });
    expect(sent[3]).toMatchObject({
      role: "tool",
      tool_call_id: sent[2].tool_calls![0] && (sent[2].tool_calls![0] as { id: string }).id,
    });
  });

  it("text history sends calls back as written and results as user messages (templates without a tool role)", async () => {
    const mock = await mockOpenAI([
      { content: "Searching.", toolCalls: [{ name: "search_files", arguments: { text: "wifi" } }] },
      { content: 'read_file(path="/home/network.md")' },
      { content: "maple-river-42" },
    ]);
    mocks.push(mock);
    const r = await runDesktopJob({
      job: makeJob("sim-wifi-password"),
      device: DEVICE,
      build: BUILD,
      endpoint: { baseUrl: mock.url },
      model: "m",
      stream: true,
      history: "text",
    });
    expect(r.trace.reply).toBe("maple-river-42");
    const sent = mock.turnRequests()[2].messages;
    expect(sent.map((m) => m.role)).toEqual(["system", "user", "assistant", "user", "assistant", "user"]);
    expect(sent[2].content).toBe('Searching.<|tool_call>call:search_files{text:<|"|>wifi<|"|>}<tool_call|>');
    expect(sent[3].content).toBe("[search_files result]\n/home/network.md:2: Wifi password: maple-river-42");
    expect(sent[4].content).toBe('read_file(path="/home/network.md")');
    expect(sent.some((m) => m.tool_calls)).toBe(false);
  });

  it("switches to text history when the chat template refuses tool messages (Gemma 3 on llama.cpp)", async () => {
    const refusal =
      '{"error":{"code":500,"message":"Conversation roles must alternate user/assistant/user/assistant/..."}}';
    const { trace, mock } = await run([
      { toolCalls: [{ name: "read_file", arguments: { path: "/home/network.md" } }] },
      { status: 500, errorBody: refusal },
      { content: "maple-river-42" },
    ]);
    expect(trace.end.reason).toBe("stop");
    expect(trace.turns).toHaveLength(2);
    expect(trace.build.runtime).toBe("harness-lab simulator · history as text");
    const [, refused, retried] = mock.turnRequests();
    expect(refused.messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "tool"]);
    expect(retried.messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
  });

  it("answers an unreadable call with what was wrong and the format, and carries on", async () => {
    const bad = '<|tool_call>call:read_file{path:<|"|>/home/network.md}<tool_call|>';
    const { trace, mock } = await run([
      { content: bad },
      { content: 'read_file(path="/home/network.md")' },
      { content: "maple-river-42" },
    ]);
    expect(trace.turns[0].toolCalls).toEqual([]);
    expect(trace.turns[0].text).toBe(bad);
    const note = mock.turnRequests()[1].messages.at(-1)!;
    expect(note.role).toBe("user");
    expect(note.content).toContain("could not be read");
    expect(note.content).toContain('<|tool_call>call:NAME{key:<|"|>text<|"|>,count:3}<tool_call|>');
    expect(trace.turns[1].toolCalls[0].ok).toBe(true);
    expect(trace.reply).toBe("maple-river-42");
  });

  it("records native calls whose arguments are not JSON the same way", async () => {
    const { trace, mock } = await run([
      { toolCalls: [{ name: "read_file", arguments: '{"path": "/home' }] },
      { content: "done" },
    ]);
    expect(trace.turns[0].toolCalls).toEqual([]);
    expect(mock.turnRequests()[1].messages.at(-1)!.content).toContain("read_file: the arguments are not valid JSON");
  });

  it("keeps a trace valid when the model invents an absurdly long tool name", async () => {
    const { trace } = await run([{ content: `<|tool_call>call:${"x".repeat(300)}{}<tool_call|>` }, { content: "ok" }]);
    expect(trace.turns[0].toolCalls[0]).toMatchObject({ name: "x".repeat(200), ok: false });
  });

  it("accepts non-streamed replies, asked for or not", async () => {
    for (const [stream, ignore] of [
      [false, false],
      [true, true],
    ] as const) {
      const { trace, mock } = await run(
        [
          { toolCalls: [{ name: "read_file", arguments: { path: "/home/network.md" } }], ignoreStream: ignore },
          { content: "maple-river-42", ignoreStream: ignore },
        ],
        undefined,
        { stream },
      );
      expect(mock.turnRequests()[0].stream).toBe(stream);
      expect(trace.turns.map((t) => t.decodeMs)).toEqual([0, 0]);
      expect(trace.reply).toBe("maple-river-42");
    }
  });

  it("measures time to first token from the request (a slow reply)", async () => {
    const { trace } = await run([
      { content: "Slow answer here, several chunks long.", delayMs: 300, chunkDelayMs: 20 },
    ]);
    expect(trace.turns[0].ttftMs).toBeGreaterThanOrEqual(300);
    // Five chunks of 8 characters → at least four 20 ms gaps after the first.
    expect(trace.turns[0].decodeMs).toBeGreaterThanOrEqual(70);
  });

  it("estimates token counts when the endpoint gives no usage, and says so", async () => {
    const { trace, estimated } = await run([{ content: "maple-river-42", noUsage: true }]);
    expect(estimated).toBe(true);
    expect(trace.turns[0].outputTokens).toBe(4); // 14 characters / 4, rounded up
    expect(trace.build.runtime).toContain("estimated (chars/4)");
  });
});

describe("desktop run: ends", () => {
  it("a dropped connection mid-reply is a crash, and the trace keeps the turns so far", async () => {
    const { trace } = await run([
      { toolCalls: [{ name: "read_file", arguments: { path: "/home/network.md" } }] },
      { content: "The password is", drop: true },
    ]);
    expect(trace.end.reason).toBe("crash");
    expect(trace.end.detail).toMatch(/^turn 2: the connection to the model (dropped|closed)/);
    expect(trace.turns).toHaveLength(1);
  });

  it("an endpoint error mid-run is a crash; a context error is context_full", async () => {
    expect((await run([{ status: 500 }])).trace.end.reason).toBe("crash");
    const full = await run([
      { status: 400, errorBody: '{"error":{"message":"the request exceeds the available context size"}}' },
    ]);
    expect(full.trace.end.reason).toBe("context_full");
  });

  it("stops at context_full when the next input does not fit", async () => {
    const job = makeJob("sim-wifi-password");
    job.config.contextWindow = 1200;
    const big = "x".repeat(4000);
    job.task.workspace.files = [{ path: "/big.md", content: big }];
    const { trace } = await run(
      [{ toolCalls: [{ name: "read_file", arguments: { path: "/big.md" } }] }, { content: "never asked" }],
      job,
    );
    expect(trace.end.reason).toBe("context_full");
    expect(trace.end.detail).toMatch(/tokens of input leave \d+ of the 1200-token window/);
    expect(trace.turns).toHaveLength(1);
  });

  it("stops at the tool-call limit", async () => {
    const job = makeJob("sim-wifi-password", {}, { maxToolCalls: 1 });
    const { trace } = await run(
      [
        {
          toolCalls: [
            { name: "list_files", arguments: { path: "/" } },
            { name: "list_files", arguments: { path: "/home" } },
          ],
        },
      ],
      job,
    );
    expect(trace.end.reason).toBe("tool_limit");
    expect(trace.turns[0].toolCalls).toHaveLength(1);
  });

  it("stops at the turn limit", async () => {
    const mock = await mockOpenAI(() => ({ toolCalls: [{ name: "list_files", arguments: { path: "/" } }] }));
    mocks.push(mock);
    const job = makeJob("sim-wifi-password", {}, { maxToolCalls: 100 });
    const r = await runDesktopJob({
      job,
      device: DEVICE,
      build: BUILD,
      endpoint: { baseUrl: mock.url },
      model: "m",
      stream: true,
      maxTurns: 3,
    });
    expect(r.trace.end).toEqual({ reason: "turn_limit", detail: "the run reached 3 turns" });
  });

  it("an endpoint that is down before the run is an infrastructure failure", async () => {
    const mock = await mockOpenAI([]);
    await mock.close();
    await expect(
      runDesktopJob({
        job: makeJob("sim-apples"),
        device: DEVICE,
        build: BUILD,
        endpoint: { baseUrl: mock.url },
        model: "m",
        stream: true,
      }),
    ).rejects.toSatisfy((e) => e instanceof InfrastructureError && e.reason === "endpoint_unreachable");
  });
});
