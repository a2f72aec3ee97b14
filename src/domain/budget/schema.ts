import { z } from "zod";
import { ToolDefinition } from "../protocol/tool";

/** The system prompt and tool definitions are capped well above any phone's window (64k chars). */
const Prompt = z.string().max(65_536);

/** `POST /api/budget/count`: what to count. */
export const CountRequest = z.object({
  systemPrompt: Prompt,
  tools: z.array(ToolDefinition).max(64),
});
export type CountRequest = z.infer<typeof CountRequest>;

export type CountMethod = "gemma3" | "estimate";

export interface CountResult {
  tokens: number;
  method: CountMethod;
  /** Characters of the rendered start-up text, and its sha256 (the cache key). */
  chars: number;
  hash: string;
  /** Why the tokenizer was not used (only with method "estimate"). */
  note?: string;
}

/** `POST /api/budget/configs`: a new version of one config with these fields. */
export const SaveConfigRequest = CountRequest.extend({
  suite: z.string().min(1).max(80),
  configId: z.string().min(1).max(80),
});
export type SaveConfigRequest = z.infer<typeof SaveConfigRequest>;
