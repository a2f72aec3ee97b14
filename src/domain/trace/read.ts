import { Trace } from "../protocol";
import type { CallLike, TurnLike } from "./rows";

/**
 * A stored trace body as the viewer can use it. Imported runs (runs.json) keep only per-turn
 * timings, the calls without results, and the final reply where the file had one, but no turn texts or workspaces; a body that matches neither shape
 * (a schema change since it was stored) is reported rather than half drawn.
 */
export type ReadTrace =
  | { kind: "full"; trace: Trace }
  | { kind: "imported"; turns: TurnLike[]; calls: CallLike[]; reply: string | null }
  | { kind: "invalid"; error: string };

export function readTrace(body: unknown): ReadTrace {
  if (body && typeof body === "object" && (body as { imported?: unknown }).imported === true) {
    const b = body as { turns?: unknown; toolCalls?: unknown; reply?: unknown };
    const turns = Array.isArray(b.turns)
      ? (b.turns as TurnLike[]).map(({ text: _t, toolCalls: _c, ...timing }) => timing)
      : [];
    return {
      kind: "imported",
      turns,
      calls: Array.isArray(b.toolCalls) ? (b.toolCalls as CallLike[]) : [],
      // A runs.json carries the final reply since v1.1 (protocol.md §4); older files do not.
      reply: typeof b.reply === "string" ? b.reply : null,
    };
  }
  const parsed = Trace.safeParse(body);
  if (parsed.success) return { kind: "full", trace: parsed.data };
  const issue = parsed.error.issues[0];
  return { kind: "invalid", error: `${issue.path.join(".") || "trace"}: ${issue.message}` };
}

/** The turn to highlight after pressing j (+1) or k (−1) from `current` (0 = none yet), 1-based. */
export function stepTurn(current: number, delta: 1 | -1, count: number): number {
  if (count <= 0) return 0;
  if (current === 0) return delta === 1 ? 1 : count;
  return Math.min(count, Math.max(1, current + delta));
}
