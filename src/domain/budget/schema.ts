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

const flag = z
  .enum(["1", "true", "0", "false"], { error: "must be 1/true or 0/false" })
  .optional()
  .transform((v) => v === "1" || v === "true");

/**
 * The planner's selection: suite (default suite when absent), the sessions whose runs are measured
 * (as analytics: none named = the suite's newest session with runs that is neither a trial nor an
 * A/A calibration, `allSessions` pools every one), device and build of the fit, its points, and the pair to contrast.
 */
export const BudgetQuery = z.object({
  suite: z.string().min(1).max(80).optional(),
  session: z.array(z.string().min(1).max(100)).max(200).default([]),
  allSessions: flag,
  device: z.string().min(1).max(200).optional(),
  build: z.string().min(1).max(100).optional(),
  points: z.enum(["loads", "turns", "all"]).default("loads"),
  a: z.string().min(1).max(80).optional(),
  b: z.string().min(1).max(80).optional(),
});
export type BudgetQuery = z.infer<typeof BudgetQuery>;

/** Reads the selection from a query string (empty values are absent). */
export function parseBudgetQuery(params: URLSearchParams) {
  const get = (k: string) => params.get(k) || undefined;
  return BudgetQuery.safeParse({
    suite: get("suite"),
    session: params.getAll("session").filter(Boolean),
    allSessions: get("allSessions"),
    device: get("device"),
    build: get("build"),
    points: get("points"),
    a: get("a"),
    b: get("b"),
  });
}
