import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local OpenAI-compatible chat endpoint that replays scripted replies, one per request, over a
 * real socket: streamed (SSE) when the request asks for it, or as one JSON body. Warm-up and load
 * requests (max_tokens ≤ 8) and summary requests get an automatic short answer, so scripts only
 * list the model's turns. Token counts are chars/4 so tests can compute them by hand.
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
}

const tokens = (s: string) => Math.ceil(s.length / 4);

export function promptTokensOf(req: MockRequest): number {
  return req.messages.reduce((n, m) => n + 4 + tokens(m.content ?? "") + (m.tool_calls ? tokens(JSON.stringify(m.tool_calls)) : 0), 0) + (req.tools ? tokens(JSON.stringify(req.tools)) : 0);
}

const isAuto = (r: MockRequest) => (r.max_tokens !== undefined && r.max_tokens <= 8) || r.messages[0]?.content === "You write short, exact working notes.";

export async function mockOpenAI(script: MockReply[] | ((req: MockRequest, turn: number) => MockReply)) {
  const requests: MockRequest[] = [];
  const sockets = new Set<import("node:net").Socket>();
  let turn = 0;
  const server = http.createServer((req, res) => {
    let data = "";
    req.on("data", (c) => (data += c));
    req.on("end", async () => {
      if (req.method === "GET") {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ object: "list", data: [{ id: "mock-model", object: "model" }] }));
        return;
      }
      const body = JSON.parse(data) as MockRequest;
      requests.push(body);
      let reply: MockReply;
      if (isAuto(body)) reply = { content: body.messages[0]?.content === "You write short, exact working notes." ? "Summary: read the notes; the dentist is on 14 March." : "OK" };
      else {
        const r = typeof script === "function" ? script(body, turn) : script[turn];
        turn++;
        reply = r ?? { content: "(script ended)" };
      }
      if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
      if (reply.status) {
        res.writeHead(reply.status, { "content-type": "application/json" });
        res.end(reply.errorBody ?? JSON.stringify({ error: { message: "scripted error" } }));
        return;
      }
      const calls = (reply.toolCalls ?? []).map((c, i) => ({
        id: c.id ?? `tc_${turn}_${i}`, type: "function",
        function: { name: c.name, arguments: typeof c.arguments === "string" ? c.arguments : JSON.stringify(c.arguments) },
      }));
      const content = reply.content ?? "";
      const usage = {
        prompt_tokens: promptTokensOf(body),
        completion_tokens: Math.max(1, tokens(content + calls.map((c) => c.function.name + c.function.arguments).join(""))),
      };
      const finish = reply.finishReason ?? (calls.length ? "tool_calls" : "stop");
      if (!body.stream || reply.ignoreStream) {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({
          choices: [{ index: 0, message: { role: "assistant", content, ...(calls.length ? { tool_calls: calls } : {}) }, finish_reason: finish }],
          ...(reply.noUsage ? {} : { usage }),
        }));
        return;
      }
      res.writeHead(200, { "content-type": "text/event-stream" });
      const send = async (obj: unknown) => {
        res.write(`data: ${typeof obj === "string" ? obj : JSON.stringify(obj)}\n\n`);
        if (reply.chunkDelayMs) await new Promise((r) => setTimeout(r, reply.chunkDelayMs));
      };
      const pieces = content.match(/[\s\S]{1,8}/g) ?? [];
      await send({ choices: [{ index: 0, delta: { role: "assistant", content: pieces[0] ?? "" } }] });
      if (reply.drop) {
        req.socket.destroy();
        return;
      }
      for (const p of pieces.slice(1)) await send({ choices: [{ index: 0, delta: { content: p } }] });
      for (const [i, c] of calls.entries()) {
        // Tool calls arrive in pieces: id and name first, then the arguments in two halves.
        const a = c.function.arguments;
        await send({ choices: [{ index: 0, delta: { tool_calls: [{ index: i, id: c.id, type: "function", function: { name: c.function.name, arguments: "" } }] } }] });
        await send({ choices: [{ index: 0, delta: { tool_calls: [{ index: i, function: { arguments: a.slice(0, a.length >> 1) } }] } }] });
        await send({ choices: [{ index: 0, delta: { tool_calls: [{ index: i, function: { arguments: a.slice(a.length >> 1) } }] } }] });
      }
      await send({ choices: [{ index: 0, delta: {}, finish_reason: finish }] });
      if (!reply.noUsage) await send({ choices: [], usage });
      await send("[DONE]");
      res.end();
    });
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    /** Requests of the model's turns (not warm-up, load or summary). */
    turnRequests: () => requests.filter((r) => !isAuto(r)),
    close: () => new Promise<void>((r) => {
      for (const s of sockets) s.destroy();
      server.close(() => r());
    }),
  };
}
