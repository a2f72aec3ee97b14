/**
 * One chat completion against an OpenAI-compatible endpoint (llama.cpp's server, Ollama, LM
 * Studio, vLLM), streamed when possible so the time to the first token and the decode time can
 * be told apart. Streamed tool-call deltas are assembled by index. Failures are EndpointErrors
 * whose `kind` says whether the run can still be reported as a trace. Replies are parsed with the
 * zod schemas of replies.ts.
 */
import { ContextRefusal, StreamChunk, Timings, Usage, WholeReply } from "./replies";

export interface ChatToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

export type ChatMessage =
  | { role: "system" | "user"; content: string }
  | { role: "assistant"; content: string; tool_calls?: ChatToolCall[] }
  | { role: "tool"; content: string; tool_call_id: string };

export interface CompletionRequest {
  model: string;
  messages: ChatMessage[];
  tools?: { type: "function"; function: { name: string; description: string; parameters: unknown } }[];
  temperature?: number;
  maxTokens?: number;
  stream: boolean;
  /** llama.cpp's `cache_prompt`: false asks for a cold prefill (other servers ignore the field). */
  cachePrompt?: boolean;
}

export interface Completion {
  content: string;
  toolCalls: ChatToolCall[];
  finishReason: string | null;
  /** `cachedTokens`: OpenAI's `usage.prompt_tokens_details.cached_tokens` (vLLM, llama.cpp), when sent. */
  usage: { promptTokens: number; completionTokens: number; cachedTokens?: number } | null;
  /** llama.cpp's own counts: prompt tokens actually evaluated (cache hits excluded), reused from its cache, and generated. */
  timings: { promptN?: number; cacheN?: number; predictedN?: number; promptMs?: number; predictedMs?: number } | null;
  streamed: boolean;
  /** performance.now() marks: request sent, first output delta, last output delta, response done. */
  sentAt: number;
  firstAt: number | null;
  lastAt: number | null;
  doneAt: number;
}

export type EndpointErrorKind = "unreachable" | "http" | "context" | "dropped" | "timeout" | "aborted";

export class EndpointError extends Error {
  constructor(
    readonly kind: EndpointErrorKind,
    message: string,
    readonly status?: number,
    /** The server's own window when its refusal says it (llama.cpp's exceed_context_size_error `n_ctx`). */
    readonly serverWindow?: number,
  ) {
    super(message);
  }
}

export interface EndpointOptions {
  baseUrl: string;
  apiKey?: string;
  fetch?: typeof fetch;
  now?: () => number;
  timeoutMs?: number;
  /** A streamed reply that sends nothing for this long ends as a timeout (a server stuck on SIGTERM keeps the socket open). */
  stallMs?: number;
  signal?: AbortSignal;
}

const CONTEXT_ERROR = /context (size|length|window)|exceeds? the (available )?context|too many tokens|maximum context/i;

export async function complete(opts: EndpointOptions, req: CompletionRequest): Promise<Completion> {
  const now = opts.now ?? (() => performance.now());
  const body: Record<string, unknown> = { model: req.model, messages: req.messages, stream: req.stream };
  if (req.tools?.length) body.tools = req.tools;
  if (req.temperature !== undefined) body.temperature = req.temperature;
  if (req.maxTokens !== undefined) body.max_tokens = req.maxTokens;
  if (req.stream) body.stream_options = { include_usage: true };
  if (req.cachePrompt !== undefined) body.cache_prompt = req.cachePrompt;
  const signals = [opts.signal, opts.timeoutMs ? AbortSignal.timeout(opts.timeoutMs) : undefined].filter(
    (s): s is AbortSignal => !!s,
  );
  const signal = signals.length ? AbortSignal.any(signals) : undefined;
  const sentAt = now();
  let res: Response;
  try {
    res = await (opts.fetch ?? fetch)(opts.baseUrl.replace(/\/+$/, "") + "/chat/completions", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}),
      },
      body: JSON.stringify(body),
      signal,
    });
  } catch (e) {
    throw interrupted(e, signal, "unreachable", `cannot reach ${opts.baseUrl}`);
  }
  if (!res.ok) {
    const text = await res.text().catch(() => "");
    // llama.cpp's typed refusal came with HTTP 500 before its PR #16486 and 400 after; other 5xx stay server errors.
    const kind =
      (res.status < 500 && CONTEXT_ERROR.test(text)) || text.includes("exceed_context_size_error") ? "context" : "http";
    throw new EndpointError(
      kind,
      `the endpoint answered ${res.status}: ${text.slice(0, 300)}`,
      res.status,
      kind === "context" ? windowIn(text) : undefined,
    );
  }
  const type = res.headers.get("content-type") ?? "";
  const out: Completion = {
    content: "",
    toolCalls: [],
    finishReason: null,
    usage: null,
    timings: null,
    streamed: type.includes("text/event-stream"),
    sentAt,
    firstAt: null,
    lastAt: null,
    doneAt: sentAt,
  };
  try {
    if (out.streamed) await readStream(res, out, now, opts.stallMs);
    else readWhole(JSON.parse(await res.text()), out, now);
  } catch (e) {
    if (e instanceof EndpointError) throw e;
    throw interrupted(e, signal, "dropped", "the connection to the model dropped mid-reply");
  }
  out.doneAt = now();
  return out;
}

function interrupted(
  e: unknown,
  signal: AbortSignal | undefined,
  kind: EndpointErrorKind,
  what: string,
): EndpointError {
  const reason = e instanceof Error ? e.message : String(e);
  if (signal?.aborted) {
    const timeout = signal.reason instanceof DOMException && signal.reason.name === "TimeoutError";
    return new EndpointError(
      timeout ? "timeout" : "aborted",
      timeout ? "the model did not answer in time" : "the run was stopped",
    );
  }
  return new EndpointError(kind, `${what} (${reason})`);
}

function usageOf(u: unknown): Completion["usage"] {
  const r = Usage.safeParse(u);
  if (!r.success) return null;
  const cached = r.data.prompt_tokens_details?.cached_tokens;
  return {
    promptTokens: r.data.prompt_tokens,
    completionTokens: r.data.completion_tokens,
    ...(cached !== undefined ? { cachedTokens: cached } : {}),
  };
}

function timingsOf(t: unknown): Completion["timings"] {
  const r = Timings.safeParse(t);
  if (!r.success) return null;
  return {
    promptN: r.data.prompt_n,
    cacheN: r.data.cache_n,
    predictedN: r.data.predicted_n,
    promptMs: r.data.prompt_ms,
    predictedMs: r.data.predicted_ms,
  };
}

/** `n_ctx` of llama.cpp's exceed_context_size_error body, or vLLM's "maximum context length is N tokens". */
function windowIn(text: string): number | undefined {
  try {
    const r = ContextRefusal.safeParse(JSON.parse(text));
    if (r.success) return r.data.error.n_ctx;
  } catch {
    // not JSON: try the wording
  }
  const m = /maximum context length is (\d+)/i.exec(text);
  return m ? Number(m[1]) : undefined;
}

function readWhole(json: unknown, out: Completion, now: () => number): void {
  const reply = WholeReply.safeParse(json);
  const choice = reply.success ? reply.data.choices?.[0] : undefined;
  if (!reply.success || !choice)
    throw new EndpointError("http", `the endpoint's reply has no choices: ${JSON.stringify(json).slice(0, 200)}`);
  out.content = choice.message?.content ?? "";
  out.toolCalls = (choice.message?.tool_calls ?? []).map((c, i) => ({
    id: c.id || `call_${i}`,
    type: "function" as const,
    function: {
      name: c.function?.name ?? "",
      arguments:
        typeof c.function?.arguments === "string" ? c.function.arguments : JSON.stringify(c.function?.arguments ?? {}),
    },
  }));
  out.finishReason = choice.finish_reason ?? null;
  out.usage = usageOf(reply.data.usage);
  out.timings = timingsOf(reply.data.timings);
  out.lastAt = now();
}

async function readStream(res: Response, out: Completion, now: () => number, stallMs?: number): Promise<void> {
  if (!res.body) throw new EndpointError("dropped", "the streamed reply has no body");
  const decoder = new TextDecoder();
  const calls = new Map<number, ChatToolCall>();
  let buffer = "";
  let done = false;
  const handle = (data: string) => {
    if (data === "[DONE]") {
      done = true;
      return;
    }
    const parsed = StreamChunk.safeParse(JSON.parse(data));
    if (!parsed.success)
      throw new EndpointError("http", `the endpoint sent an event that is not a chat chunk: ${data.slice(0, 200)}`);
    const chunk = parsed.data;
    if (chunk.error)
      throw new EndpointError(
        "http",
        `the endpoint reported an error mid-reply: ${JSON.stringify(chunk.error).slice(0, 300)}`,
      );
    out.usage = usageOf(chunk.usage) ?? out.usage;
    out.timings = timingsOf(chunk.timings) ?? out.timings;
    const choice = chunk.choices?.[0];
    if (!choice) return;
    const d = choice.delta ?? {};
    const text = d.content ?? "";
    const thinking = d.reasoning_content ?? "";
    if (text || thinking || d.tool_calls?.length) {
      const t = now();
      out.firstAt ??= t;
      out.lastAt = t;
    }
    out.content += text;
    for (const tc of d.tool_calls ?? []) {
      const index = tc.index ?? calls.size;
      const call = calls.get(index) ?? { id: "", type: "function" as const, function: { name: "", arguments: "" } };
      if (tc.id) call.id = tc.id;
      if (tc.function?.name) call.function.name += tc.function.name;
      if (tc.function?.arguments) call.function.arguments += tc.function.arguments;
      calls.set(index, call);
    }
    if (choice.finish_reason) out.finishReason = choice.finish_reason;
  };
  const reader = res.body.getReader();
  for (;;) {
    const { value, done: end } = await readOrStall(reader, stallMs);
    if (end) break;
    buffer += decoder.decode(value, { stream: true });
    let nl: number;
    while ((nl = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, nl).replace(/\r$/, "");
      buffer = buffer.slice(nl + 1);
      if (line.startsWith("data:")) handle(line.slice(5).trim());
    }
  }
  if (buffer.startsWith("data:")) handle(buffer.slice(5).trim());
  if (!done && out.finishReason === null)
    throw new EndpointError("dropped", "the connection to the model closed before the reply was finished");
  out.toolCalls = [...calls.entries()].sort(([a], [b]) => a - b).map(([i, c]) => ({ ...c, id: c.id || `call_${i}` }));
}

/** One read of the stream, or a timeout when nothing arrives for `stallMs`. */
async function readOrStall(reader: ReadableStreamDefaultReader<Uint8Array>, stallMs?: number) {
  if (!stallMs) return reader.read();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stalled = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      // Reject before cancelling: the cancel ends the pending read, which must not win the race.
      reject(
        new EndpointError(
          "timeout",
          `the model server sent nothing for ${stallMs / 1000} s mid-reply (stalled; see --stall-timeout)`,
        ),
      );
      reader.cancel().catch(() => {});
    }, stallMs);
  });
  try {
    return await Promise.race([reader.read(), stalled]);
  } finally {
    clearTimeout(timer);
  }
}
