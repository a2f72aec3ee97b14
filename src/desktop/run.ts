import {
  type Build,
  type Device,
  type Job,
  type ToolCall,
  type Trace,
  type Turn,
  Trace as TraceSchema,
} from "@/domain/protocol";
import { planContext } from "@/domain/agent/context-policy";
import { problemObservation } from "@/domain/agent/gemma-calls";
import { Workspace, WorkspaceSeedError, renderPlan, runTool } from "@/harness/tools";
import { asChatToolCalls, replyCalls } from "./calls";
import { measureReply } from "./measure";
import { warmAndLoad } from "./load";
import { InputMeter } from "./room";
import { type ServerWindow, windowTooSmall } from "./server-info";
import { Conversation, type HistoryMode } from "./conversation";
import { renderGemmaCall } from "@/domain/agent/gemma-calls";
import { type Completion, type CompletionRequest, EndpointError, type EndpointOptions, complete } from "./openai";

/** A run never goes past this many model turns (end.reason turn_limit). */
export const MAX_TURNS = 64;
/** The next reply needs at least this much room in the window, or the context is full. */
export const MIN_REPLY_TOKENS = 16;
/** How llama.cpp and others word a chat template's refusal of tool messages. */
const TEMPLATE_ERROR =
  /roles must alternate|tool.{0,20}(role|message).{0,40}not supported|unsupported role|unknown role/i;

export interface DesktopRunOptions {
  job: Job;
  device: Device;
  build: Build;
  endpoint: EndpointOptions;
  model: string;
  stream: boolean;
  /** How calls and results go back to the endpoint (conversation.ts). */
  history?: HistoryMode;
  maxTurns?: number;
  /** Called when the endpoint's chat template refused tool messages and the run switched to text history. */
  onHistoryFallback?: (reason: string) => void;
  /** Wall clock for startedAt/endedAt. */
  clock?: () => number;
  onTurn?: (turns: number) => void;
  /** The server's own window, read before leasing (server-info.ts). */
  serverWindow?: ServerWindow | null;
  /** The server's tokenizer (llama.cpp /tokenize), when it offers one. */
  tokenize?: ((text: string) => Promise<number | null>) | null;
}

/** The job could not start (endpoint down, model not loaded, workspace not seeded): report it with /fail. */
export class InfrastructureError extends Error {
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

/** The server's window is smaller than the config's: no job can run here until it is restarted larger. */
export class ServerWindowTooSmall extends InfrastructureError {
  constructor(message: string) {
    super("server_window_too_small", message);
  }
}

/** The lease was lost (or the device stopped) mid-run: abandon the job, submit nothing. */
export class RunAborted extends Error {}

export interface DesktopRun {
  trace: Trace;
  /** Some token count came from the chars/4 estimate (also marked in trace.build.runtime). */
  estimated: boolean;
  toolsDropped: boolean;
}

export async function runDesktopJob(opts: DesktopRunOptions): Promise<DesktopRun> {
  const { job } = opts;
  const config = job.config;
  const clock = opts.clock ?? (() => Date.now());
  const maxTurns = opts.maxTurns ?? MAX_TURNS;
  let ws: Workspace;
  try {
    ws = Workspace.fromFiles(job.task.workspace.files);
  } catch (e) {
    if (e instanceof WorkspaceSeedError) throw new InfrastructureError("workspace_seed_failed", e.message);
    throw e;
  }
  const tooSmall = (tokens: number, source: string) =>
    new ServerWindowTooSmall(windowTooSmall(tokens, config.contextWindow, config.id, source));
  if (opts.serverWindow && opts.serverWindow.tokens < config.contextWindow)
    throw tooSmall(opts.serverWindow.tokens, opts.serverWindow.source);
  /** A refusal that names the server's window smaller than the config's is the server's limit, not the harness's. */
  const serverLimit = (e: unknown) =>
    e instanceof EndpointError &&
    e.kind === "context" &&
    e.serverWindow !== undefined &&
    e.serverWindow < config.contextWindow
      ? tooSmall(e.serverWindow, "its context-size error")
      : null;
  const toolNames = config.tools.map((t) => t.name);
  const tools = config.tools.map((t) => ({
    type: "function" as const,
    function: { name: t.name, description: t.description, parameters: t.parameters },
  }));
  const ask = (req: Omit<CompletionRequest, "model" | "stream" | "temperature">) =>
    complete(opts.endpoint, { model: opts.model, stream: opts.stream, temperature: config.temperature, ...req });

  /** Before the measured run, any endpoint failure is an infrastructure failure. */
  const before = async (
    what: string,
    req: Omit<CompletionRequest, "model" | "stream" | "temperature">,
  ): Promise<Completion> => {
    try {
      return await ask(req);
    } catch (e) {
      if (!(e instanceof EndpointError)) throw e;
      if (e.kind === "aborted") throw new RunAborted(e.message);
      const limit = serverLimit(e);
      if (limit) throw limit;
      throw new InfrastructureError(
        e.kind === "unreachable" ? "endpoint_unreachable" : "model_load_failed",
        `${what}: ${e.message}`,
      );
    }
  };

  const {
    warmup,
    load,
    toolsDropped,
    estimated: loadEstimated,
  } = await warmAndLoad(before, config.systemPrompt, tools, job.protocol.warmup, opts.tokenize ?? undefined);
  let estimated = loadEstimated;
  const startupTokens = load.startupTokens;
  const meter = new InputMeter(opts.tokenize ?? null);

  const startedAt = clock();
  const convo = new Conversation(config.systemPrompt, job.task.prompt, opts.history);
  const turns: Turn[] = [];
  let held = startupTokens;
  let peak = startupTokens;
  let calls = 0;
  let reply = "";
  let end: Trace["end"] = { reason: "stop", detail: null };

  for (;;) {
    if (turns.length >= maxTurns) {
      end = { reason: "turn_limit", detail: `the run reached ${maxTurns} turns` };
      break;
    }
    const note = ws.plan.length && toolNames.includes("update_plan") ? `[Current plan]\n${renderPlan(ws.plan)}` : "";
    const counted = await meter.count(note ? [...convo.pendingTexts(), note] : convo.pendingTexts());
    const newTokens = counted.tokens;
    let used = held + newTokens;
    const events: NonNullable<Turn["contextEvents"]> = [];
    try {
      for (const step of planContext(
        config.components.context,
        convo.view(config.contextWindow, used),
        convo.stubTokens(),
      )) {
        if (step.kind === "elide") {
          convo.elide(step.plan.targets);
          events.push({ kind: "elide", tokensBefore: used, tokensAfter: step.plan.tokensAfter });
          used = step.plan.tokensAfter;
        } else {
          const s = await ask({ messages: convo.summaryRequest(step.plan.upTo), maxTokens: 200 });
          const after = step.plan.tokensWithoutTurns + convo.summarize(step.plan.upTo, s.content);
          events.push({ kind: "summarize", tokensBefore: used, tokensAfter: Math.max(0, after) });
          used = Math.max(0, after);
        }
      }
    } catch (e) {
      end = endFromError(e, "summarising the context", serverLimit);
      break;
    }
    const room = config.contextWindow - used;
    if (room < MIN_REPLY_TOKENS) {
      end = {
        reason: "context_full",
        detail: `${used} tokens of input leave ${Math.max(0, room)} of the ${config.contextWindow}-token window for the reply`,
      };
      break;
    }
    let c: Completion;
    try {
      c = await ask({ messages: convo.messages(note || undefined), tools, maxTokens: room });
    } catch (e) {
      // A chat template without a tool role (Gemma 3's) refuses tool messages: send the history as text instead.
      if (!(
        e instanceof EndpointError &&
        e.kind === "http" &&
        convo.mode === "native" &&
        TEMPLATE_ERROR.test(e.message)
      )) {
        end = endFromError(e, `turn ${turns.length + 1}`, serverLimit);
        break;
      }
      convo.mode = "text";
      opts.onHistoryFallback?.(e.message);
      try {
        c = await ask({ messages: convo.messages(note || undefined), tools, maxTokens: room });
      } catch (e2) {
        end = endFromError(e2, `turn ${turns.length + 1}`, serverLimit);
        break;
      }
    }
    const n = measureReply({
      c,
      heldBefore: held,
      newEstimate: newTokens,
      usedEstimate: used,
      compacted: events.length > 0,
    });
    if (c.usage && !events.length) meter.learn(counted.raw, n.contextTokens - held, counted.exact);
    if (n.contextTokens + n.outputTokens > config.contextWindow) {
      // Sent on an undercount: a phone with this window could not have taken this turn, so it is not a turn of the run.
      end = {
        reason: "context_full",
        detail: `turn ${turns.length + 1} came to ${n.contextTokens} + ${n.outputTokens} tokens by the server's count, past the ${config.contextWindow}-token window (it had been estimated at ${used}); its reply is not used`,
      };
      break;
    }
    estimated ||= n.estimated;
    const turn: Turn = {
      promptTokens: n.promptTokens,
      contextTokens: n.contextTokens,
      ttftMs: n.ttftMs,
      outputTokens: n.outputTokens,
      decodeMs: n.decodeMs,
      timingSource: n.timingSource,
      text: c.content,
      toolCalls: [],
    };
    if (events.length) turn.contextEvents = events;
    turns.push(turn);
    held = n.contextTokens + n.outputTokens;
    peak = Math.max(peak, held);
    opts.onTurn?.(turns.length);

    const found = replyCalls(c, toolNames, turns.length);
    if (!found.calls.length && !found.problems.length) {
      reply = found.text;
      if (c.finishReason === "length")
        end = { reason: "context_full", detail: `the reply filled the ${config.contextWindow}-token window` };
      break;
    }
    const native = c.toolCalls.map((t) => renderGemmaCall(t.function.name, safeJson(t.function.arguments))).join("");
    convo.addAssistant(found.text, asChatToolCalls(found.calls), c.content + native);
    let limited = false;
    for (const call of found.calls) {
      if (calls >= config.maxToolCalls) {
        end = {
          reason: "tool_limit",
          detail: `the model asked for tool call ${calls + 1} but maxToolCalls is ${config.maxToolCalls}`,
        };
        limited = true;
        break;
      }
      calls++;
      const t0 = performance.now();
      const result = toolNames.includes(call.name)
        ? await runTool(ws, call.name, call.args)
        : {
            ok: false,
            result: `${call.name}: unknown tool. Use one of: ${toolNames.join(", ") || "(no tools)"}.`,
            changes: [],
          };
      const record: ToolCall = {
        name: call.name,
        args: call.args,
        ok: result.ok,
        result: result.result,
        ms: Math.round(performance.now() - t0),
      };
      if (result.changes.length) record.changes = result.changes;
      turn.toolCalls.push(record);
      convo.addToolResult(call.id, call.name, result.result);
    }
    if (limited) break;
    if (found.problems.length) convo.addNote(problemObservation(found.problems, toolNames));
  }

  const trace: Trace = {
    leaseToken: job.lease.token,
    attempt: job.attempt,
    device: opts.device,
    build: {
      ...opts.build,
      runtime: [
        opts.build.runtime,
        convo.mode === "text" ? "history as text" : "",
        estimated ? "token counts partly estimated (chars/4)" : "",
      ]
        .filter(Boolean)
        .join(" · ")
        .slice(0, 200),
    },
    startedAt: new Date(startedAt).toISOString(),
    endedAt: new Date(clock()).toISOString(),
    conditions: { thermalAtStart: "nominal", thermalAtEnd: "nominal", restMs: 0 },
    ...(warmup ? { warmup } : {}),
    load,
    turns,
    reply,
    end,
    peakContextTokens: peak,
    ...(toolsDropped ? { toolsDropped } : {}),
    workspace: { files: ws.toFiles() },
  };
  return { trace: TraceSchema.parse(trace), estimated, toolsDropped };
}

/**
 * A failure mid-run is an outcome: the trace records it. A lost lease aborts the run instead; a
 * server that refuses connections (it died) or whose own window is the limit hands the job back.
 */
function endFromError(
  e: unknown,
  during: string,
  serverLimit: (e: unknown) => InfrastructureError | null,
): Trace["end"] {
  if (!(e instanceof EndpointError))
    return { reason: "crash", detail: `${during}: ${e instanceof Error ? e.message : String(e)}` };
  if (e.kind === "aborted") throw new RunAborted(e.message);
  if (e.kind === "unreachable") throw new InfrastructureError("endpoint_unreachable", `${during}: ${e.message}`);
  const limit = serverLimit(e);
  if (limit) throw limit;
  if (e.kind === "context") return { reason: "context_full", detail: `${during}: ${e.message}` };
  if (e.kind === "timeout") return { reason: "timeout", detail: `${during}: ${e.message}` };
  return { reason: "crash", detail: `${during}: ${e.message}` };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
