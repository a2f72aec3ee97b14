import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { EndpointError, complete } from "@/desktop/openai";

/** A fetch whose streamed body arrives in the given byte pieces, with a clock that ticks per read. */
function streamFetch(pieces: Uint8Array[], opts: { type?: string; failAfter?: number } = {}): typeof fetch {
  return (async () => {
    let i = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(ctrl) {
        if (opts.failAfter !== undefined && i === opts.failAfter) return ctrl.error(new TypeError("terminated"));
        if (i < pieces.length) ctrl.enqueue(pieces[i++]);
        else ctrl.close();
      },
    });
    return new Response(body, { status: 200, headers: { "content-type": opts.type ?? "text/event-stream" } });
  }) as typeof fetch;
}

const sse = (events: unknown[], eol = "\n") =>
  events.map((e) => `data: ${typeof e === "string" ? e : JSON.stringify(e)}${eol}${eol}`).join("");
const EVENTS = [
  { choices: [{ index: 0, delta: { role: "assistant", content: "Héllo " } }] },
  { choices: [{ index: 0, delta: { content: "wörld ✓" } }] },
  {
    choices: [
      {
        index: 0,
        delta: { tool_calls: [{ index: 1, id: "b", function: { name: "bash", arguments: '{"command":' } }] },
      },
    ],
  },
  {
    choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: "a", function: { name: "read_", arguments: "" } }] } }],
  },
  {
    choices: [
      { index: 0, delta: { tool_calls: [{ index: 0, function: { name: "file", arguments: '{"path":"/a"}' } }] } },
    ],
  },
  { choices: [{ index: 0, delta: { tool_calls: [{ index: 1, function: { arguments: '"ls"}' } }] } }] },
  { choices: [{ index: 0, delta: {}, finish_reason: "tool_calls" }] },
  { choices: [], usage: { prompt_tokens: 120, completion_tokens: 17 } },
  "[DONE]",
];
const WANT = {
  content: "Héllo wörld ✓",
  toolCalls: [
    { id: "a", type: "function", function: { name: "read_file", arguments: '{"path":"/a"}' } },
    { id: "b", type: "function", function: { name: "bash", arguments: '{"command":"ls"}' } },
  ],
  finishReason: "tool_calls",
  usage: { promptTokens: 120, completionTokens: 17 },
  streamed: true,
};

/** Cuts bytes at the given (sorted, deduplicated) offsets. */
const cut = (bytes: Uint8Array, at: number[]) => {
  const points = [...new Set(at.map((x) => x % (bytes.length + 1)))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let from = 0;
  for (const p of [...points, bytes.length]) {
    if (p > from) out.push(bytes.slice(from, p));
    from = p;
  }
  return out;
};

const req = { model: "m", messages: [{ role: "user" as const, content: "hi" }], stream: true };

describe("streamed replies", () => {
  it("assembles content and tool calls by index, whatever the chunking (property)", async () => {
    for (const eol of ["\n", "\r\n"]) {
      const bytes = new TextEncoder().encode(sse(EVENTS, eol));
      await fc.assert(
        fc.asyncProperty(fc.array(fc.nat(), { maxLength: 12 }), async (at) => {
          const c = await complete({ baseUrl: "http://x/v1", fetch: streamFetch(cut(bytes, at)) }, req);
          expect(c).toMatchObject(WANT);
        }),
        { numRuns: 60 },
      );
    }
  });

  it("takes the times of the first and last output deltas", async () => {
    let t = 0;
    const bytes = new TextEncoder().encode(sse(EVENTS));
    const c = await complete(
      { baseUrl: "http://x/v1", fetch: streamFetch([bytes.slice(0, 10), bytes.slice(10)]), now: () => (t += 100) },
      req,
    );
    expect([c.sentAt, c.firstAt, c.lastAt, c.doneAt]).toEqual([100, 200, 700, 800]);
  });

  it("a stream that ends before finishing is a dropped connection", async () => {
    const bytes = new TextEncoder().encode(sse(EVENTS.slice(0, 2)));
    await expect(complete({ baseUrl: "http://x/v1", fetch: streamFetch([bytes]) }, req)).rejects.toMatchObject({
      kind: "dropped",
    });
  });

  it("a socket error mid-stream is a dropped connection", async () => {
    const bytes = new TextEncoder().encode(sse(EVENTS));
    const e = await complete(
      { baseUrl: "http://x/v1", fetch: streamFetch([bytes.slice(0, 40), bytes.slice(40)], { failAfter: 1 }) },
      req,
    ).catch((x) => x);
    expect(e).toBeInstanceOf(EndpointError);
    expect(e.kind).toBe("dropped");
    expect(e.message).toMatch(/dropped mid-reply \(terminated\)/);
  });

  it("an error event mid-stream is an endpoint error", async () => {
    const bytes = new TextEncoder().encode(sse([EVENTS[0], { error: { message: "out of memory" } }]));
    await expect(complete({ baseUrl: "http://x/v1", fetch: streamFetch([bytes]) }, req)).rejects.toMatchObject({
      kind: "http",
    });
  });

  it("reads a whole JSON reply when the server ignores stream", async () => {
    const json = JSON.stringify({
      choices: [
        {
          message: {
            content: "ok",
            tool_calls: [{ id: "z", function: { name: "bash", arguments: { command: "ls" } } }],
          },
          finish_reason: "tool_calls",
        },
      ],
      usage: { prompt_tokens: 5, completion_tokens: 2 },
      timings: { prompt_n: 3, prompt_ms: 12.4, predicted_n: 2, predicted_ms: 40.6 },
    });
    const c = await complete(
      { baseUrl: "http://x/v1", fetch: streamFetch([new TextEncoder().encode(json)], { type: "application/json" }) },
      req,
    );
    expect(c).toMatchObject({
      content: "ok",
      streamed: false,
      finishReason: "tool_calls",
      usage: { promptTokens: 5, completionTokens: 2 },
      toolCalls: [{ id: "z", type: "function", function: { name: "bash", arguments: '{"command":"ls"}' } }],
      timings: { promptN: 3, promptMs: 12.4, predictedN: 2, predictedMs: 40.6 },
    });
  });

  it("reads a field of the wrong type as absent, and a reply with no choice as an error", async () => {
    const whole = (body: unknown) =>
      complete(
        {
          baseUrl: "http://x/v1",
          fetch: streamFetch([new TextEncoder().encode(JSON.stringify(body))], { type: "application/json" }),
        },
        req,
      );
    // A content that is not text, a tool call id that is a number, a count that is negative or a
    // string, usage without prompt_tokens: each reads as absent, the rest of the reply stands.
    const c = await whole({
      choices: [{ message: { content: 42, tool_calls: [{ id: 7, function: { name: "bash" } }] }, finish_reason: 3 }],
      usage: { completion_tokens: 2 },
      timings: { prompt_n: -1, prompt_ms: "12", predicted_n: 4 },
    });
    expect(c).toMatchObject({
      content: "",
      finishReason: null,
      usage: null,
      toolCalls: [{ id: "call_0", function: { name: "bash", arguments: "{}" } }],
      timings: { promptN: undefined, promptMs: undefined, predictedN: 4 },
    });
    await expect(whole({ choices: [] })).rejects.toMatchObject({ kind: "http", message: /no choices/ });
    await expect(whole(["not", "a", "reply"])).rejects.toMatchObject({ kind: "http", message: /no choices/ });
    // A streamed event that is not an object is not a chat chunk.
    const bytes = new TextEncoder().encode(sse([EVENTS[0], "42"]));
    await expect(complete({ baseUrl: "http://x/v1", fetch: streamFetch([bytes]) }, req)).rejects.toMatchObject({
      kind: "http",
      message: /not a chat chunk/,
    });
  });

  it("tells a context-size refusal from other errors", async () => {
    const answer = (status: number, text: string) =>
      (async () => new Response(text, { status })) as unknown as typeof fetch;
    await expect(
      complete({ baseUrl: "http://x", fetch: answer(400, "the request exceeds the available context size") }, req),
    ).rejects.toMatchObject({ kind: "context", status: 400 });
    await expect(complete({ baseUrl: "http://x", fetch: answer(400, "bad temperature") }, req)).rejects.toMatchObject({
      kind: "http",
    });
    await expect(complete({ baseUrl: "http://x", fetch: answer(500, "context size") }, req)).rejects.toMatchObject({
      kind: "http",
    });
    // llama.cpp's typed refusal, with the server's window (HTTP 500 before llama.cpp PR #16486).
    const typed = JSON.stringify({
      error: {
        code: 500,
        message:
          "the request exceeds the available context size. try increasing the context size or enable context shift",
        type: "exceed_context_size_error",
        n_prompt_tokens: 1407,
        n_ctx: 256,
      },
    });
    await expect(complete({ baseUrl: "http://x", fetch: answer(500, typed) }, req)).rejects.toMatchObject({
      kind: "context",
      serverWindow: 256,
    });
    await expect(
      complete(
        {
          baseUrl: "http://x",
          fetch: answer(400, "This model's maximum context length is 4096 tokens. However, you requested 4348 tokens"),
        },
        req,
      ),
    ).rejects.toMatchObject({ kind: "context", serverWindow: 4096 });
  });
});
