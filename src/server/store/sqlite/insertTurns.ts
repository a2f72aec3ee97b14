import "server-only";
import type { DbCtx } from "./dbCtx";
import { stmt } from "./statements";
import type { TurnTimes } from "../types";

/** Copies each turn's token counts and timings into `turns` (inside the caller's transaction). */
export function insertTurns(ctx: DbCtx, runId: string, trace: { turns: TurnTimes[] }): void {
  const insert = stmt(
    ctx,
    "INSERT INTO turns (run_id, idx, prompt_tokens, context_tokens, ttft_ms, output_tokens, decode_ms) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  trace.turns.forEach((t, i) =>
    insert.run(runId, i, t.promptTokens, t.contextTokens, t.ttftMs, t.outputTokens, t.decodeMs),
  );
}
