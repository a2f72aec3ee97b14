import { z } from "zod";
import { Build, Device, Thermal, Workspace, count, isoTime } from "./common.ts";
import { MAX_TOOL_CALLS, MAX_TURNS, ToolCall } from "./tool.ts";

export const ContextEventKind = z.enum(["elide", "summarize", "recall", "overflow"]);
export type ContextEventKind = z.infer<typeof ContextEventKind>;

/** Where a turn's `ttftMs`/`decodeMs` come from (v1.1): the model server's own timings, or the device's clock. */
export const TimingSource = z.enum(["server", "client"]);
export type TimingSource = z.infer<typeof TimingSource>;

export const Turn = z.object({
  promptTokens: count(),
  contextTokens: count(),
  ttftMs: count(),
  outputTokens: count(),
  decodeMs: count(),
  text: z.string(),
  toolCalls: z.array(ToolCall),
  contextEvents: z.array(z.object({ kind: ContextEventKind, tokensBefore: count(), tokensAfter: count() })).optional(),
  timingSource: TimingSource.optional(),
});
export type Turn = z.infer<typeof Turn>;

export const EndReason = z.enum(["stop", "tool_limit", "turn_limit", "context_full", "crash", "timeout", "cancelled"]);
export type EndReason = z.infer<typeof EndReason>;

/** The full record of one run, as a phone submits it to `/jobs/{id}/result` (protocol.md §1). */
export const Trace = z
  .object({
    leaseToken: z.string().min(1).max(200),
    attempt: z.number().int().min(1),
    device: Device,
    build: Build,
    startedAt: isoTime(),
    endedAt: isoTime(),
    conditions: z
      .object({
        thermalAtStart: Thermal,
        thermalAtEnd: Thermal.optional(),
        charging: z.boolean().optional(),
        battery: z.number().min(0).max(1).optional(),
        restMs: count().optional(),
      })
      .optional(),
    warmup: z.object({ ms: count() }).optional(),
    // v1.1: `cachedTokens` of the start-up tokens came from the model server's prompt cache (so `ms` is not a cold prefill).
    load: z.object({ startupTokens: count(), ms: count(), cachedTokens: count().optional() }),
    turns: z
      .array(Turn)
      .max(
        MAX_TURNS,
        `a run reports at most ${MAX_TURNS} turns (twice the most tool calls a config may allow); send the turns the run really took`,
      ),
    reply: z.string(),
    end: z.object({ reason: EndReason, detail: z.string().nullable().optional() }),
    peakContextTokens: count(),
    peakMemoryMb: z.number().nonnegative().optional(),
    workspace: Workspace,
    // v1.1: the start-up prompt came out far smaller than the config's tool definitions (the server's template left them out).
    toolsDropped: z.boolean().optional(),
  })
  .superRefine((t, ctx) => {
    const calls = t.turns.reduce((n, turn) => n + turn.toolCalls.length, 0);
    if (calls > MAX_TOOL_CALLS) {
      ctx.addIssue({
        code: "custom",
        path: ["turns"],
        message: `${calls} tool calls; a run makes at most ${MAX_TOOL_CALLS} (the largest maxToolCalls a config may set)`,
      });
    }
  });
export type Trace = z.infer<typeof Trace>;
