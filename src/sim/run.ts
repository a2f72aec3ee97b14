import {
  type Build,
  type Device,
  type Job,
  type ToolCall,
  type Trace,
  type Turn,
  Trace as TraceSchema,
} from "@/domain/protocol";
import {
  type PhoneState,
  compute,
  decodeMs,
  estimateTokens,
  isCold,
  loadMs,
  rest,
  startupTokens,
  thermalOf,
  ttftMs,
  LATENCY,
} from "./latency";
import { createRng, hashSeed } from "./rng";
import { SIM_SOLUTIONS } from "./solutions";
import type { SimSolution } from "./model/solution";
import { type Action, type Profile, POLICIES, chooseProfile, groupOf, profileWeights } from "./model/profiles";
import { formatToolCall } from "./model/gemma";
import { Workspace, runTool } from "@/harness/tools";
import { type TurnSize, applyElide, planContext } from "@/domain/agent/context-policy";

/** Tokens the chat template wraps around the user's message and around a tool result. */
const USER_WRAP_TOKENS = 8;
/** Tokens of the stub that replaces an elided tool output. */
const STUB_TOKENS = 24;
const TOOL_WRAP_TOKENS = 10;
/** A safety net: runs never exceed this many turns (end.reason turn_limit). */
export const MAX_TURNS = 64;

export interface RunJobOptions {
  job: Job;
  device: Device;
  build: Build;
  /** Seeds all content; the same seed and job (task, config, repeat) give the same trace content. */
  seed: number;
  /** The phone's physical state; advanced in place by the run (warm-up, rest, compute). */
  phone: PhoneState;
  /** Wall-clock ms for a simulated offset from the start of the job (for startedAt/endedAt). */
  wallClock: (simOffsetMs: number) => number;
  /** Force a behaviour instead of the weighted choice (tests, demos). */
  profile?: Profile;
  /** Solutions by task id; defaults to SIM_SOLUTIONS. */
  solutions?: Record<string, SimSolution>;
  /**
   * Skip the rest job.protocol asks for, as an app build that ignores it would: under sustained
   * load the phone then heats up and slows down, which the throttling view must catch.
   */
  skipRest?: boolean;
}

export interface SimRun {
  trace: Trace;
  profile: Profile;
  /** Simulated ms spent on the warm-up, the rest, and the measured run. */
  warmupMs: number;
  restMs: number;
  runMs: number;
  /** Simulated offsets (from the start of the measured run) at which each turn ended. */
  turnEndsMs: number[];
}

/**
 * Runs one leased job on the simulated phone: warm-up and rest as job.protocol asks, model load,
 * then turns of the scripted model against the simulated tools until it replies, hits a limit,
 * fills its context or crashes. Throws WorkspaceSeedError when the workspace cannot be seeded
 * (an infrastructure failure the device reports with /fail).
 */
export async function runJob(opts: RunJobOptions): Promise<SimRun> {
  const { job, phone } = opts;
  const config = job.config;
  const ws = Workspace.fromFiles(job.task.workspace.files);
  const solution = (opts.solutions ?? SIM_SOLUTIONS)[job.task.id];
  const group = groupOf(job, solution);
  const startup = startupTokens(config);
  const profile =
    opts.profile ??
    chooseProfile(job, opts.seed, profileWeights(config.components, group, startup, config.contextWindow));
  const rng = createRng(hashSeed(opts.seed, "run", job.task.id, config.id, job.repeat));
  // The warm-up penalty's own stream: a cold phone draws from it, so the run's stream (content and
  // noise) is the same whether the phone was cold or warm (see ttftMs).
  const coldRng = createRng(hashSeed(opts.seed, "cold", job.task.id, config.id, job.repeat));

  // Protocol: a throwaway warm-up generation, then rest until cool enough.
  let warmupMs = 0;
  if (job.protocol.warmup) {
    warmupMs =
      ttftMs(phone, rng, 12, isCold(phone) ? coldRng : null) + decodeMs(phone, rng, LATENCY.warmupOutputTokens);
    compute(phone, warmupMs);
  }
  const restMs = opts.skipRest ? 0 : rest(phone, job.protocol.rest.untilThermal, job.protocol.rest.maxSeconds * 1000);
  const startOffset = warmupMs + restMs;
  const thermalAtStart = thermalOf(phone.heat);
  const battery = Math.round(phone.battery * 100) / 100;

  let t = 0; // simulated ms since the measured run started
  const spend = (ms: number) => {
    compute(phone, ms);
    t += ms;
  };
  const coldAtStart = isCold(phone);
  const load = { startupTokens: startup, ms: loadMs(phone, rng, startup) };
  spend(load.ms);

  const policy = POLICIES[profile]({ job, solution, group, rng });
  const turns: Turn[] = [];
  const turnEndsMs: number[] = [];
  let context = startup;
  let peak = startup;
  let calls = 0;
  let reply = "";
  let end: Trace["end"] = { reason: "stop", detail: null };
  let pendingPrompt = estimateTokens(job.task.prompt) + USER_WRAP_TOKENS;
  let next = policy.next(undefined as never);
  /** Per turn: the model's output and the tool result after it (what context management works on). */
  let sizes: TurnSize[] = [];

  for (;;) {
    if (next.done) break;
    if (turns.length >= MAX_TURNS) {
      end = { reason: "turn_limit", detail: `the run reached ${MAX_TURNS} turns` };
      break;
    }
    const action: Action = next.value;
    if (action.kind === "crash") {
      spend(Math.round(rng.between(300, 1500)));
      end = { reason: "crash", detail: action.detail };
      break;
    }
    // Context management as the desktop device does it (src/domain/agent/context-policy.ts).
    const contextEvents: NonNullable<Turn["contextEvents"]> = [];
    const used = context + pendingPrompt;
    for (const step of planContext(
      config.components.context,
      { window: config.contextWindow, used, turns: sizes },
      STUB_TOKENS,
    )) {
      if (step.kind === "elide") {
        sizes = applyElide(
          { window: config.contextWindow, used: step.plan.tokensBefore, turns: sizes },
          step.plan,
          STUB_TOKENS,
        ).turns;
        contextEvents.push({ kind: "elide", tokensBefore: step.plan.tokensBefore, tokensAfter: step.plan.tokensAfter });
        context = step.plan.tokensAfter - pendingPrompt;
      } else {
        // The summary is a separate model call: the old turns are read in and a short note comes out.
        const summary = rng.int(40, 90);
        spend(
          ttftMs(phone, rng, step.plan.tokensBefore - step.plan.tokensWithoutTurns) + decodeMs(phone, rng, summary),
        );
        sizes = sizes.slice(step.plan.upTo);
        contextEvents.push({
          kind: "summarize",
          tokensBefore: step.plan.tokensBefore,
          tokensAfter: step.plan.tokensWithoutTurns + summary,
        });
        context = step.plan.tokensWithoutTurns + summary - pendingPrompt;
      }
    }
    if (context + pendingPrompt > config.contextWindow) {
      end = {
        reason: "context_full",
        detail: `${context} tokens in context + ${pendingPrompt} new tokens exceed the ${config.contextWindow}-token window`,
      };
      break;
    }
    const promptTokens = pendingPrompt;
    context += promptTokens;
    const text =
      action.kind === "reply"
        ? action.text
        : `${action.say ? action.say + "\n" : ""}${formatToolCall(action.name, action.args)}`;
    const outputTokens = Math.max(1, estimateTokens(text));
    const ttft = ttftMs(phone, rng, promptTokens, turns.length === 0 && coldAtStart ? coldRng : null);
    const decode = decodeMs(phone, rng, outputTokens);
    spend(ttft + decode);
    const turn: Turn = {
      promptTokens,
      contextTokens: context,
      ttftMs: ttft,
      outputTokens,
      decodeMs: decode,
      text,
      toolCalls: [],
    };
    if (contextEvents.length) turn.contextEvents = contextEvents;
    turns.push(turn);
    context += outputTokens;
    peak = Math.max(peak, context);

    if (action.kind === "reply") {
      reply = action.text;
      turnEndsMs.push(t);
      break;
    }
    if (calls >= config.maxToolCalls) {
      end = {
        reason: "tool_limit",
        detail: `the model asked for tool call ${calls + 1} but maxToolCalls is ${config.maxToolCalls}`,
      };
      turnEndsMs.push(t);
      break;
    }
    calls++;
    const offered = config.tools.map((d) => d.name);
    const result = offered.includes(action.name)
      ? await runTool(ws, action.name, action.args)
      : {
          ok: false,
          result: `${action.name}: unknown tool. Use one of: ${offered.join(", ") || "(no tools)"}.`,
          changes: [],
        };
    const toolMs = action.name === "bash" ? rng.int(4, 25) : rng.int(1, 6);
    t += toolMs;
    phone.nowMs += toolMs;
    const call: ToolCall = {
      name: action.name,
      args: action.args as ToolCall["args"],
      ok: result.ok,
      result: result.result,
      ms: toolMs,
    };
    if (result.changes.length) call.changes = result.changes;
    turn.toolCalls.push(call);
    turnEndsMs.push(t);
    pendingPrompt = estimateTokens(result.result) + TOOL_WRAP_TOKENS;
    sizes.push({ tokens: outputTokens + pendingPrompt, outputs: [{ tokens: pendingPrompt, elided: false }] });
    next = policy.next(result);
  }

  const iso = (offset: number) => new Date(opts.wallClock(offset)).toISOString();
  const trace: Trace = {
    leaseToken: job.lease.token,
    attempt: job.attempt,
    device: opts.device,
    build: opts.build,
    startedAt: iso(startOffset),
    endedAt: iso(startOffset + t),
    conditions: {
      thermalAtStart,
      thermalAtEnd: thermalOf(phone.heat),
      charging: phone.charging,
      battery,
      restMs: Math.round(restMs),
    },
    ...(job.protocol.warmup ? { warmup: { ms: warmupMs } } : {}),
    load,
    turns,
    reply,
    end,
    peakContextTokens: peak,
    peakMemoryMb: Math.round(1550 + peak * 0.03),
    workspace: { files: ws.toFiles() },
  };
  return { trace: TraceSchema.parse(trace), profile, warmupMs, restMs, runMs: t, turnEndsMs };
}
