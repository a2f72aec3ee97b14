import type { ToolDefinition } from "../protocol/tool";

/**
 * What the phone ingests at model load, rendered as Gemma's chat template renders it.
 *
 * Gemma 3's template (tokenizer_config.json `chat_template`) has no system role and no tools
 * section: a leading system message becomes `first_user_prefix = content + "\n\n"`, written after
 * `<start_of_turn>user\n` of the first user turn, and the whole prompt starts with `<bos>`. Tool
 * declarations go into that system block as pretty-printed JSON (2-space indent), the way
 * Google's Gemma function-calling guide shows them. The user's message follows the prefix, so the
 * start-up context is everything up to and including the blank line after the system block.
 */
export interface StartupInput {
  systemPrompt: string;
  tools: readonly ToolDefinition[];
}

export const BOS = "<bos>";
export const START_OF_TURN = "<start_of_turn>";
export const END_OF_TURN = "<end_of_turn>";

/** The system block: the prompt, a blank line, then the tool declarations as a JSON list. */
export function systemBlock({ systemPrompt, tools }: StartupInput): string {
  const parts: string[] = [];
  if (systemPrompt !== "") parts.push(systemPrompt);
  if (tools.length) parts.push(JSON.stringify(tools, null, 2));
  return parts.join("\n\n");
}

/**
 * The start-up text: `<bos><start_of_turn>user\n` + system block + `\n\n`. With no system block the
 * harness sends no system message, and the template writes no prefix at all.
 */
export function renderStartup(input: StartupInput): string {
  const system = systemBlock(input);
  return `${BOS}${START_OF_TURN}user\n${system === "" ? "" : `${system}\n\n`}`;
}

/**
 * The fallback when the tokenizer cannot load: ≈4 characters per token (Gemma on English prose),
 * rounded up. Labelled an estimate wherever it is shown.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}
