import type { FileChange, Workspace } from "../protocol";

export type FileStatus = "added" | "removed" | "changed" | "unchanged";
export interface FileDelta {
  path: string;
  status: FileStatus;
  /** Content before (null when the file did not exist) and after (null when removed). */
  before: string | null;
  after: string | null;
}

/** A deletion of a file that was not there still reads as a removal: that is what the call asked for. */
function statusOf(before: string | null, after: string | null): FileStatus {
  if (after === null) return "removed";
  if (before === null) return "added";
  return before === after ? "unchanged" : "changed";
}

/** Every file of either workspace against the other, sorted by path, with counts per status. */
export function workspaceDiff(seed: Workspace, final: Workspace) {
  const before = new Map(seed.files.map((f) => [f.path, f.content]));
  const after = new Map(final.files.map((f) => [f.path, f.content]));
  const paths = [...new Set([...before.keys(), ...after.keys()])].sort();
  const files: FileDelta[] = paths.map((path) => {
    const b = before.get(path) ?? null;
    const a = after.get(path) ?? null;
    return { path, status: statusOf(b, a), before: b, after: a };
  });
  const counts = { added: 0, removed: 0, changed: 0, unchanged: 0 };
  for (const f of files) counts[f.status]++;
  return { files, counts };
}

/**
 * What one call's changes did, given the workspace before it. Changes apply in order, so a
 * file written twice by one call is compared against what the earlier write left.
 */
export function callDeltas(before: Workspace, changes: readonly FileChange[]): FileDelta[] {
  const files = new Map(before.files.map((f) => [f.path, f.content]));
  return changes.map((c) => {
    const b = files.get(c.path) ?? null;
    const a = "deleted" in c ? null : c.content;
    if (a === null) files.delete(c.path);
    else files.set(c.path, a);
    return { path: c.path, status: statusOf(b, a), before: b, after: a };
  });
}

export type TreeRow<T> =
  | { kind: "dir"; path: string; name: string; depth: number }
  | { kind: "file"; path: string; name: string; depth: number; item: T };

/** Sorted paths as an indented tree: a directory row the first time each folder appears. */
export function treeRows<T extends { path: string }>(items: readonly T[]): TreeRow<T>[] {
  const rows: TreeRow<T>[] = [];
  const shown = new Set<string>();
  for (const item of [...items].sort((x, y) => (x.path < y.path ? -1 : x.path > y.path ? 1 : 0))) {
    const parts = item.path.split("/").filter(Boolean);
    for (let d = 0; d < parts.length - 1; d++) {
      const dir = `/${parts.slice(0, d + 1).join("/")}/`;
      if (!shown.has(dir)) {
        shown.add(dir);
        rows.push({ kind: "dir", path: dir, name: `${parts[d]}/`, depth: d });
      }
    }
    rows.push({
      kind: "file",
      path: item.path,
      name: parts[parts.length - 1] ?? item.path,
      depth: parts.length - 1,
      item,
    });
  }
  return rows;
}
