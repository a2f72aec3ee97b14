import type { FileChange, WorkspaceFile } from "@/domain/protocol";

/** Normalises a model-supplied path: relative paths are taken from `/`, `.`/`..` resolved, trailing `/` dropped. */
export function normalizePath(input: string): string {
  const parts: string[] = [];
  for (const seg of input.trim().split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") parts.pop();
    else parts.push(seg);
  }
  return "/" + parts.join("/");
}

export function parentOf(path: string): string {
  const i = path.lastIndexOf("/");
  return i <= 0 ? "/" : path.slice(0, i);
}

export function baseName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

export class WorkspaceSeedError extends Error {}

/**
 * The device's private workspace, presented to the model as `/`: files by absolute path, plus
 * folders created empty (e.g. by `mkdir`). It also remembers which files the model has read or
 * written in this run, because overwriting needs one of the two.
 */
export class Workspace {
  readonly files = new Map<string, string>();
  readonly emptyDirs = new Set<string>();
  /** Files whose content the model has seen in this run. */
  readonly read = new Set<string>();
  /** Files this run created or wrote (the model knows their content). */
  readonly written = new Set<string>();
  /** The latest plan from `update_plan`. */
  plan: { step: string; done: boolean }[] = [];

  static fromFiles(files: readonly WorkspaceFile[]): Workspace {
    const ws = new Workspace();
    for (const f of files) {
      const p = normalizePath(f.path);
      if (p === "/") throw new WorkspaceSeedError(`cannot seed a file at ${f.path}`);
      if (ws.files.has(p)) throw new WorkspaceSeedError(`duplicate path ${p}`);
      ws.files.set(p, f.content);
    }
    for (const p of ws.files.keys()) {
      for (let d = parentOf(p); d !== "/"; d = parentOf(d)) {
        if (ws.files.has(d)) throw new WorkspaceSeedError(`${d} is both a file and the folder of ${p}`);
      }
    }
    return ws;
  }

  isFile(path: string): boolean {
    return this.files.has(path);
  }

  isDir(path: string): boolean {
    if (path === "/") return true;
    if (this.emptyDirs.has(path)) return true;
    const prefix = path + "/";
    for (const p of this.files.keys()) if (p.startsWith(prefix)) return true;
    for (const d of this.emptyDirs) if (d.startsWith(prefix)) return true;
    return false;
  }

  /** Direct children of a folder: files by name, folders by name with a trailing `/`, sorted. */
  children(dir: string): string[] {
    const prefix = dir === "/" ? "/" : dir + "/";
    const out = new Set<string>();
    const add = (p: string, isFile: boolean) => {
      if (!p.startsWith(prefix)) return;
      const rest = p.slice(prefix.length);
      const slash = rest.indexOf("/");
      if (slash === -1) out.add(isFile ? rest : rest + "/");
      else out.add(rest.slice(0, slash) + "/");
    };
    for (const p of this.files.keys()) add(p, true);
    for (const d of this.emptyDirs) add(d, false);
    return [...out].filter((n) => n !== "" && n !== "/").sort();
  }

  /** Every file at or below a folder, sorted by path. */
  filesBelow(dir: string): string[] {
    const prefix = dir === "/" ? "/" : dir + "/";
    return [...this.files.keys()].filter((p) => p.startsWith(prefix)).sort();
  }

  /** The model may replace an existing file only after reading it (or writing it itself) in this run. */
  mayOverwrite(path: string): boolean {
    return !this.files.has(path) || this.read.has(path) || this.written.has(path);
  }

  write(path: string, content: string): FileChange {
    this.files.set(path, content);
    this.written.add(path);
    for (let d = parentOf(path); d !== "/"; d = parentOf(d)) this.emptyDirs.delete(d);
    return { path, content };
  }

  remove(path: string): FileChange {
    this.files.delete(path);
    const parent = parentOf(path);
    if (parent !== "/" && !this.isDir(parent)) this.emptyDirs.add(parent);
    return { path, deleted: true };
  }

  /** The final workspace as the Trace carries it: every file, sorted by path. */
  toFiles(): WorkspaceFile[] {
    return [...this.files.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([path, content]) => ({ path, content }));
  }
}
