import type { ToolCall, Workspace } from "../protocol";

/** Path → content. A Map keeps insertion order, so a rebuilt workspace lists files stably. */
export type FileMap = Map<string, string>;

export function toFileMap(ws: Workspace): FileMap {
  return new Map(ws.files.map((f) => [f.path, f.content]));
}

export function fromFileMap(files: FileMap): Workspace {
  return { files: [...files].map(([path, content]) => ({ path, content })) };
}

/**
 * Applies one call's `changes`, in order, to a copy of `ws`. A call without changes (most calls:
 * reads, searches, listings) returns `ws` itself: workspaces are never mutated, and copying one
 * per call made replaying a long run quadratic in practice.
 */
export function applyCall(ws: Workspace, call: ToolCall): Workspace {
  if (!call.changes?.length) return ws;
  const files = toFileMap(ws);
  for (const change of call.changes ?? []) {
    // delete first so a recreated path moves to the end, as a fresh file would
    files.delete(change.path);
    if (!("deleted" in change)) files.set(change.path, change.content);
  }
  return fromFileMap(files);
}

/**
 * The workspace after each call: result[k-1] is the seed with the changes of calls 1..k applied.
 * Calls without `changes` leave the workspace as it was (the device reported no writes).
 */
export function applyChanges(seed: Workspace, calls: readonly ToolCall[]): Workspace[] {
  const states: Workspace[] = [];
  let ws = seed;
  for (const call of calls) {
    ws = applyCall(ws, call);
    states.push(ws);
  }
  return states;
}

/** Every executed tool call of a trace, in order. */
export function traceCalls(trace: { turns: { toolCalls: ToolCall[] }[] }): ToolCall[] {
  return trace.turns.flatMap((t) => t.toolCalls);
}
