import type { Trace } from "@/domain/protocol";
import { estimateMessageTokens, estimateTokens } from "@/domain/agent/tokens";
import type { Completion, CompletionRequest } from "./openai";

/** Below this share of the tool definitions' own size, the start-up prompt cannot have held them. */
export const TOOLS_DROPPED_SHARE = 0.3;

type Ask = (what: string, req: Omit<CompletionRequest, "model" | "stream" | "temperature">) => Promise<Completion>;

export interface Loaded {
  warmup?: Trace["warmup"];
  load: Trace["load"];
  /** The start-up prompt came out far smaller than the tools it should hold (the template dropped them). */
  toolsDropped: boolean;
  estimated: boolean;
}

/**
 * The warm-up and the load (system prompt and tool definitions ingested once, a one-token reply).
 * The load asks for a cold prefill (`cache_prompt: false`, llama.cpp): after the first job with a
 * given system prompt llama-server otherwise serves it from its prompt cache (31–809 ms for ~750
 * tokens), and the load-time fit turns into noise. What the server still served from its cache
 * (a server that cannot be told) is recorded as `load.cachedTokens` and left out of the fit.
 */
export async function warmAndLoad(
  before: Ask,
  systemPrompt: string,
  tools: CompletionRequest["tools"],
  warm: boolean,
  count?: (text: string) => Promise<number | null>,
): Promise<Loaded> {
  let warmup: Trace["warmup"];
  if (warm) {
    const w = await before("warm-up", { messages: [{ role: "user", content: "Say hello." }], maxTokens: 8 });
    warmup = { ms: Math.round(w.doneAt - w.sentAt) };
  }
  const system = systemPrompt ? [{ role: "system" as const, content: systemPrompt }] : [];
  const l = await before("load", {
    messages: [...system, { role: "user", content: "Hi" }],
    tools,
    maxTokens: 1,
    cachePrompt: false,
  });
  const toolsJson = tools?.length ? JSON.stringify(tools) : "";
  const startupTokens = l.usage?.promptTokens ?? estimateTokens(systemPrompt + toolsJson) + 20;
  // llama.cpp's timings say how long the prefill itself took; otherwise the first token's arrival.
  const ms = Math.round(l.timings?.promptMs ?? (l.firstAt ?? l.doneAt) - l.sentAt);
  const cached = l.timings?.cacheN ?? l.usage?.cachedTokens;
  const load: Trace["load"] = {
    startupTokens,
    ms,
    ...(cached !== undefined ? { cachedTokens: Math.min(cached, startupTokens) } : {}),
  };
  let toolsDropped = false;
  if (toolsJson && l.usage) {
    const toolTokens = (count ? await count(toolsJson) : null) ?? estimateTokens(toolsJson);
    const systemTokens = systemPrompt
      ? ((count ? await count(systemPrompt) : null) ?? estimateMessageTokens(systemPrompt))
      : 0;
    toolsDropped = startupTokens - systemTokens < TOOLS_DROPPED_SHARE * toolTokens;
  }
  return { warmup, load, toolsDropped, estimated: !l.usage };
}
