import { z } from "zod";
import { ToolDefinition } from "../protocol/tool";

export type ToolsDraft = { ok: true; tools: ToolDefinition[] } | { ok: false; message: string };

/**
 * The planner's tool-definitions textarea read as a JSON list of tool definitions, or the one
 * sentence to show beside it (the text itself is never touched).
 */
export function parseToolsDraft(text: string): ToolsDraft {
  if (text.trim() === "") return { ok: true, tools: [] };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    const detail = err instanceof Error ? err.message : "";
    return {
      ok: false,
      message: `The tool definitions are not valid JSON (${detail}); fix the text, nothing is counted until it parses.`,
    };
  }
  const parsed = z.array(ToolDefinition).safeParse(value);
  if (!parsed.success) {
    const i = parsed.error.issues[0];
    const where = i.path.length ? i.path.join(".") : "the top level";
    return {
      ok: false,
      message: `The tool definitions must be a list of {name, description, parameters}: at ${where}, ${i.message.toLowerCase()}.`,
    };
  }
  return { ok: true, tools: parsed.data };
}

/** "+213" / "−40" / "0": a token difference with its sign. */
export function signedTokens(n: number): string {
  if (n === 0) return "0";
  return `${n < 0 ? "−" : "+"}${Math.abs(Math.round(n)).toLocaleString("en-US")}`;
}
