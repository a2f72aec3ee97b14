import "server-only";
import { estimateTokens, renderStartup, type StartupInput } from "@/domain/budget/render";
import type { CountResult } from "@/domain/budget/schema";
import { contentHash, countTokens, tokenizerStatus } from "./tokenizer";

/**
 * Start-up tokens of a system prompt plus tool definitions, rendered with Gemma's chat template and
 * counted with the Gemma 3 tokenizer; when the tokenizer cannot load, the chars ÷ 4 estimate,
 * labelled as such.
 */
export async function countStartup(input: StartupInput): Promise<CountResult> {
  const text = renderStartup(input);
  const counted = await countTokens(text);
  if (counted) return { tokens: counted.tokens, method: "gemma3", chars: text.length, hash: counted.hash };
  return {
    tokens: estimateTokens(text),
    method: "estimate",
    chars: text.length,
    hash: contentHash(text),
    note: `tokenizer unavailable (${tokenizerStatus().error ?? "not loaded"}); characters ÷ 4`,
  };
}
