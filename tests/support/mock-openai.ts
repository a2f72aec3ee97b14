import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local OpenAI-compatible chat endpoint that replays scripted replies, one per request, over a
 * real socket: streamed (SSE) when the request asks for it, or as one JSON body. Warm-up and load
 * requests (max_tokens ≤ 8) and summary requests get an automatic short answer, so scripts only
 * list the model's turns. Token counts are chars/4 by default so tests can compute them by hand.
 *
 * `MockServer` options imitate what real servers do (issue 17; the llama-server facts come from a
 * colleague's run of an unmodified llama-server with `--jinja` and a Gemma 4 template, the others
 * from the servers' documentation, see docs/desktop-device.md). Nothing here was run against them.
 * - `charsPerToken`: a real tokenizer on dense text. llama-server counted 1,445 characters of
 *   `ls -R /` output as 696 tokens (≈ 2.1 characters a token), not the 366 of chars/4.
 * - `tokenize`: llama-server's `POST /tokenize {content}` → `{tokens: [...]}`, counted the same way.
 * - `timings`: llama-server's `timings` (prompt_n, cache_n, prompt_ms, predicted_n, predicted_ms)
 *   on the non-streamed body and the last streamed chunk; the mock sleeps `promptMs` before the
 *   first byte and reports exactly what it slept.
 * - `lateToolCalls`: llama-server streams a tool call only once its name and opening brace are
 *   decoded, and a short one as a single delta at the end: the mock decodes silently for
 *   `decodeMs` (per reply), then sends each call whole.
 * - `promptCache`: llama-server reuses the longest cached prefix among its slots (`cache_n`, and
 *   `prompt_n` only the rest); it honours `cache_prompt: false` unless `ignoresCachePrompt` (a
 *   server that cannot be told).
 * - `nCtx` / `windowVia`: the server's own window. A longer prompt gets llama-server's error
 *   (`exceed_context_size_error` with `n_prompt_tokens` and `n_ctx`). `windowVia` says where the
 *   server reports it: `llama.cpp` (`GET /props` default_generation_settings.n_ctx, `/v1/models`
 *   meta.n_ctx_train), `vllm` (`/v1/models` max_model_len) or `none` (only the error tells).
 * - `dropTools`: a chat template without tool support: llama-server leaves `tools` out of the
 *   prompt without a word (105 start-up tokens where a tool template costs 754).
 * - Per reply `stall`: send the first chunk, then nothing, socket open (a server stuck on SIGTERM).
 * - `stop()` / `start()`: the server dies (connections refused) and comes back on the same port.
 */

export interface MockReply {
  content?: string;
  toolCalls?: { name: string; arguments: string | object; id?: string }[];
  /** Omit usage from the reply (the device must estimate). */
  noUsage?: boolean;
  /** Reply with one JSON body even when the request asked for a stream. */
  ignoreStream?: boolean;
  /** Wait this long before the first byte of the reply. */
  delayMs?: number;
  /** Wait this long between streamed chunks. */
  chunkDelayMs?: number;
  /** Send the first chunk, then destroy the socket. */
  drop?: boolean;
  /** Send the first chunk, then nothing, keeping the socket open. */
  stall?: boolean;
  /** With `timings`: the prefill time slept and reported as prompt_ms. */
  promptMs?: number;
  /** With `lateToolCalls`: silent decoding before the calls arrive, reported as predicted_ms. */
  decodeMs?: number;
  status?: number;
  errorBody?: string;
  finishReason?: string;
}

export interface MockRequest {
  model: string;
  messages: { role: string; content: string; tool_calls?: unknown[]; tool_call_id?: string }[];
  tools?: unknown[];
  stream?: boolean;
  max_tokens?: number;
  temperature?: number;
  stream_options?: unknown;
  cache_prompt?: boolean;
}

export interface MockServer {
  charsPerToken?: number;
  tokenize?: boolean;
  timings?: boolean;
  lateToolCalls?: boolean;
  promptCache?: { slots?: number; ignoresCachePrompt?: boolean };
  nCtx?: number;
  windowVia?: "llama.cpp" | "vllm" | "none";
  dropTools?: boolean;
}

const countWith = (perToken: number) => (s: string) => Math.ceil(s.length / perToken);
const tokens = countWith(4);

export function promptTokensOf(req: MockRequest, server: MockServer = {}): number {
  const t = countWith(server.charsPerToken ?? 4);
  return (
    req.messages.reduce(
      (n, m) => n + 4 + t(m.content ?? "") + (m.tool_calls ? t(JSON.stringify(m.tool_calls)) : 0),
      0,
    ) + (req.tools && !server.dropTools ? t(JSON.stringify(req.tools)) : 0)
  );
}

/** The prompt as one string, for prefix matching in the prompt cache (tools render first, in the system turn). */
const promptText = (req: MockRequest, server: MockServer) =>
  (req.tools && !server.dropTools ? JSON.stringify(req.tools) : "") +
  req.messages
    .map((m) => `${m.role}\n${m.content ?? ""}${m.tool_calls ? JSON.stringify(m.tool_calls) : ""}\n`)
    .join("");

const isAuto = (r: MockRequest) =>
  (r.max_tokens !== undefined && r.max_tokens <= 8) ||
  r.messages[0]?.content === "You write short, exact working notes.";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function mockOpenAI(
  script: MockReply[] | ((req: MockRequest, turn: number) => MockReply),
  server: MockServer = {},
) {
  const requests: MockRequest[] = [];
  const sockets = new Set<import("node:net").Socket>();
  const cache: string[] = [];
  const perToken = server.charsPerToken ?? 4;
  let turn = 0;
  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
    let data = "";
    req.on("data", (c) => (data += c));
    req.on("end", async () => {
      const path = (req.url ?? "").split("?")[0];
      if (req.method === "GET") {
        const via = server.windowVia ?? "none";
        if (path === "/props" && via === "llama.cpp")
          return json(res, 200, { default_generation_settings: { n_ctx: server.nCtx }, total_slots: 1 });
        if (path === "/props") return json(res, 404, { error: "not found" });
        const model: Record<string, unknown> = { id: "mock-model", object: "model" };
        if (via === "llama.cpp") model.meta = { n_ctx_train: 131072, n_vocab: 262144 };
        if (via === "vllm") model.max_model_len = server.nCtx;
        return json(res, 200, { object: "list", data: [model] });
      }
      if (path === "/tokenize") {
        if (!server.tokenize) return json(res, 404, { error: { message: "File Not Found" } });
        const content = String((JSON.parse(data) as { content?: unknown }).content ?? "");
        return json(res, 200, { tokens: Array.from({ length: Math.ceil(content.length / perToken) }, (_, i) => i) });
      }
      const body = JSON.parse(data) as MockRequest;
      requests.push(body);
      const promptTokens = promptTokensOf(body, server);
      if (server.nCtx !== undefined && promptTokens > server.nCtx) {
        return json(res, 400, {
          error: {
            code: 400,
            message: "the request exceeds the available context size, try increasing it",
            type: "exceed_context_size_error",
            n_prompt_tokens: promptTokens,
            n_ctx: server.nCtx,
          },
        });
      }
      // The prompt cache: the longest common prefix with any slot's last prompt, in tokens.
      let cacheN = 0;
      if (server.promptCache) {
        const text = promptText(body, server);
        const usable = body.cache_prompt !== false || server.promptCache.ignoresCachePrompt;
        let best = -1;
        let bestLen = 0;
        cache.forEach((c, i) => {
          let k = 0;
          while (k < c.length && k < text.length && c[k] === text[k]) k++;
          if (k > bestLen) {
            best = i;
            bestLen = k;
          }
        });
        if (usable) cacheN = Math.min(promptTokens - 1, Math.floor(bestLen / perToken));
        if (best >= 0) cache.splice(best, 1);
        cache.unshift(text);
        cache.length = Math.min(cache.length, server.promptCache.slots ?? 4);
      }
      let reply: MockReply;
      if (isAuto(body))
        reply = {
          content:
            body.messages[0]?.content === "You write short, exact working notes."
              ? "Summary: read the notes; the dentist is on 14 March."
              : "OK",
        };
      else {
        const r = typeof script === "function" ? script(body, turn) : script[turn];
        turn++;
        reply = r ?? { content: "(script ended)" };
      }
      if (reply.delayMs) await sleep(reply.delayMs);
      const promptMs = server.timings ? (reply.promptMs ?? 5) : 0;
      if (promptMs) await sleep(promptMs);
      if (reply.status) {
        res.writeHead(reply.status, { "content-type": "application/json" });
        res.end(reply.errorBody ?? JSON.stringify({ error: { message: "scripted error" } }));
        return;
      }
      const calls = (reply.toolCalls ?? []).map((c, i) => ({
        id: c.id ?? `tc_${turn}_${i}`,
        type: "function",
        function: {
          name: c.name,
          arguments: typeof c.arguments === "string" ? c.arguments : JSON.stringify(c.arguments),
        },
      }));
      const content = reply.content ?? "";
      const completionTokens = Math.max(
        1,
        tokens(content + calls.map((c) => c.function.name + c.function.arguments).join("")),
      );
      const usage = { prompt_tokens: promptTokens, completion_tokens: completionTokens };
      const decodeMs = reply.decodeMs ?? 0;
      const timings = {
        cache_n: cacheN,
        prompt_n: promptTokens - cacheN,
        prompt_ms: promptMs,
        predicted_n: completionTokens,
        predicted_ms: decodeMs,
      };
      const finish = reply.finishReason ?? (calls.length ? "tool_calls" : "stop");
      if (!body.stream || reply.ignoreStream) {
        if (decodeMs) await sleep(decodeMs);
        return json(res, 200, {
          choices: [
            {
              index: 0,
              message: { role: "assistant", content, ...(calls.length ? { tool_calls: calls } : {}) },
              finish_reason: finish,
            },
          ],
          ...(reply.noUsage ? {} : { usage }),
          ...(server.timings ? { timings } : {}),
        });
      }
      res.writeHead(200, { "content-type": "text/event-stream" });
      const send = async (obj: unknown) => {
        res.write(`data: ${typeof obj === "string" ? obj : JSON.stringify(obj)}\n\n`);
        if (reply.chunkDelayMs) await sleep(reply.chunkDelayMs);
      };
      const pieces = content.match(/[\s\S]{1,8}/g) ?? [];
      await send({ choices: [{ index: 0, delta: { role: "assistant", content: pieces[0] ?? "" } }] });
      if (reply.drop) {
        req.socket.destroy();
        return;
      }
      if (reply.stall) return; // nothing more, ever; close() destroys the socket
      for (const p of pieces.slice(1)) await send({ choices: [{ index: 0, delta: { content: p } }] });
      if (server.lateToolCalls && calls.length) {
        await sleep(decodeMs);
        await send({ choices: [{ index: 0, delta: { tool_calls: calls.map((c, i) => ({ index: i, ...c })) } }] });
      } else {
        for (const [i, c] of calls.entries()) {
          // Tool calls arrive in pieces: id and name first, then the arguments in two halves.
          const a = c.function.arguments;
          await send({
            choices: [
              {
                index: 0,
                delta: {
                  tool_calls: [
                    { index: i, id: c.id, type: "function", function: { name: c.function.name, arguments: "" } },
                  ],
                },
              },
            ],
          });
          await send({
            choices: [
              { index: 0, delta: { tool_calls: [{ index: i, function: { arguments: a.slice(0, a.length >> 1) } }] } },
            ],
          });
          await send({
            choices: [
              { index: 0, delta: { tool_calls: [{ index: i, function: { arguments: a.slice(a.length >> 1) } }] } },
            ],
          });
        }
      }
      const last = server.timings ? { timings } : {};
      await send({ choices: [{ index: 0, delta: {}, finish_reason: finish }], ...(reply.noUsage ? last : {}) });
      if (!reply.noUsage) await send({ choices: [], usage, ...last });
      await send("[DONE]");
      res.end();
    });
  };
  let srv = http.createServer(handler);
  const listen = (port: number) =>
    new Promise<number>((resolve) => {
      srv = http.createServer(handler);
      srv.on("connection", (s) => {
        sockets.add(s);
        s.on("close", () => sockets.delete(s));
      });
      srv.listen(port, "127.0.0.1", () => resolve((srv.address() as AddressInfo).port));
    });
  const port = await listen(0);
  let up = true;
  const stop = () =>
    new Promise<void>((r) => {
      if (!up) return r();
      up = false;
      for (const s of sockets) s.destroy();
      srv.close(() => r());
    });
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    /** Requests of the model's turns (not warm-up, load or summary). */
    turnRequests: () => requests.filter((r) => !isAuto(r)),
    /** The server dies: open connections are cut and new ones refused. */
    stop,
    /** It comes back on the same port. */
    start: async () => {
      if (up) return;
      await listen(port);
      up = true;
    },
    close: stop,
  };
}
