import { estimateTokens } from "@/domain/agent/tokens";
import type { Completion } from "./openai";

/**
 * How one reply's numbers are measured (docs/desktop-device.md, "Field measurements").
 * `estimated` is true when some count had to come from the chars/4 estimate.
 */
export interface ReplyNumbers {
  promptTokens: number;
  contextTokens: number;
  ttftMs: number;
  outputTokens: number;
  decodeMs: number;
  /** `server`: ttftMs/decodeMs are the server's own prompt_ms/predicted_ms; `client`: measured here. */
  timingSource: "server" | "client";
  estimated: boolean;
}

export interface MeasureInput {
  c: Completion;
  /** Tokens the model held before this request (its last input + output, or the start-up tokens). */
  heldBefore: number;
  /** Estimated tokens of the new input (observations, plan note) and of the whole input. */
  newEstimate: number;
  usedEstimate: number;
  /** Context management changed earlier messages, so the endpoint re-reads part of the history. */
  compacted: boolean;
}

const ms = (x: number) => Math.max(0, Math.round(x));

export function measureReply({ c, heldBefore, newEstimate, usedEstimate, compacted }: MeasureInput): ReplyNumbers {
  let estimated = false;
  let contextTokens: number;
  let promptTokens: number;
  if (c.usage) {
    contextTokens = c.usage.promptTokens;
    // llama.cpp says how many prompt tokens it evaluated (its prompt cache excluded): exact.
    if (typeof c.timings?.promptN === "number") promptTokens = c.timings.promptN;
    else if (compacted) {
      promptTokens = newEstimate;
      estimated = true;
    } else promptTokens = Math.max(0, contextTokens - heldBefore);
  } else {
    contextTokens = usedEstimate;
    promptTokens = newEstimate;
    estimated = true;
  }
  let outputTokens: number;
  if (c.usage && (c.usage.completionTokens > 0 || (c.content === "" && c.toolCalls.length === 0)))
    outputTokens = c.usage.completionTokens;
  else if (typeof c.timings?.predictedN === "number") outputTokens = c.timings.predictedN;
  else {
    outputTokens = estimateTokens(c.content + c.toolCalls.map((t) => t.function.name + t.function.arguments).join(""));
    estimated = true;
  }
  let ttftMs: number;
  let decodeMs: number;
  let timingSource: ReplyNumbers["timingSource"] = "client";
  if (typeof c.timings?.promptMs === "number" && typeof c.timings.predictedMs === "number") {
    // The server's own split is exact, streamed or not: llama.cpp streams a tool call only once its
    // name and opening brace are decoded, and a short call as one delta at the end, so the client's
    // first-delta mark comes late (TTFT too high) and decoding looks near zero.
    ttftMs = ms(c.timings.promptMs);
    decodeMs = ms(c.timings.predictedMs);
    timingSource = "server";
  } else if (c.streamed) {
    ttftMs = ms((c.firstAt ?? c.doneAt) - c.sentAt);
    decodeMs = ms((c.lastAt ?? c.firstAt ?? c.doneAt) - (c.firstAt ?? c.doneAt));
  } else {
    // Nothing separates prefill from decoding: the whole reply counts as time to first token.
    ttftMs = ms(c.doneAt - c.sentAt);
    decodeMs = 0;
  }
  return { promptTokens, contextTokens, ttftMs, outputTokens, decodeMs, timingSource, estimated };
}
