/**
 * The fallback token count when an endpoint reports no usage: about four characters per token
 * for English text and JSON (the Gemma tokenizer gives 3.5–4.5 on the suite's prompts), plus the
 * chat template's few tokens around each message. Every number computed this way is marked as
 * estimated in the trace's build.runtime.
 */
export const CHARS_PER_TOKEN = 4;
export const MESSAGE_WRAP_TOKENS = 4;

export function estimateTokens(text: string): number {
  return text.length === 0 ? 0 : Math.ceil(text.length / CHARS_PER_TOKEN);
}

export function estimateMessageTokens(text: string): number {
  return MESSAGE_WRAP_TOKENS + estimateTokens(text);
}
