import type { ToolCall } from "../protocol";

/**
 * Content writes to a path an earlier call already wrote (protocol.md §3). Counted once per call
 * and path, because a single edit tool may write a file several times to make one change.
 * Deletions neither count nor mark a path as written.
 */
export function countRepatches(calls: readonly ToolCall[]): number {
  const written = new Set<string>();
  let count = 0;
  for (const call of calls) {
    const paths = new Set((call.changes ?? []).filter((c) => !("deleted" in c)).map((c) => c.path));
    for (const path of paths) if (written.has(path)) count++;
    for (const path of paths) written.add(path);
  }
  return count;
}
