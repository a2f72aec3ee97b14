import type { Workspace } from "../../protocol";
import { globMatcher } from "../glob";

/** What a file check points at: exactly one of `path` and `glob` (validateSuite enforces it). */
export type Target = { path?: string; glob?: string };

export type Resolved = { ok: true; label: string; isGlob: boolean; paths: string[] } | { ok: false; reason: string };

/** The workspace files a `path`/`glob` names, in workspace order. */
export function resolveTarget(target: Target, ws: Workspace): Resolved {
  if (target.path !== undefined && target.glob !== undefined) {
    return { ok: false, reason: "the check gives both `path` and `glob`, so its target is ambiguous" };
  }
  if (target.path !== undefined) {
    const path = target.path;
    return {
      ok: true,
      label: `\`${path}\``,
      isGlob: false,
      paths: ws.files.some((f) => f.path === path) ? [path] : [],
    };
  }
  if (target.glob !== undefined) {
    const match = globMatcher(target.glob);
    return {
      ok: true,
      label: `\`${target.glob}\``,
      isGlob: true,
      paths: ws.files.filter((f) => match(f.path)).map((f) => f.path),
    };
  }
  return { ok: false, reason: "the check gives neither `path` nor `glob`, so it names no file" };
}

/** "`/a.md`" or "`/a.md`, `/b.md` and 3 more", for reasons that name matching files. */
export function listPaths(paths: string[], max = 3): string {
  const shown = paths
    .slice(0, max)
    .map((p) => `\`${p}\``)
    .join(", ");
  return paths.length > max ? `${shown} and ${paths.length - max} more` : shown;
}

export function contentOf(ws: Workspace, path: string): string | undefined {
  return ws.files.find((f) => f.path === path)?.content;
}
