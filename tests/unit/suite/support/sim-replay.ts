import picomatch from "picomatch";
import { Bash } from "just-bash";
import type { FileChange, ToolCall, Workspace } from "@/domain/protocol";

/**
 * Replays a task's plain-data solution on the seed workspace, so the suite's tests can check that
 * each solution really solves its task: a minimal reading of the file tools of harness-tools.ts,
 * and just-bash (an in-memory shell) for the bash solutions. Each call is returned as a ToolCall
 * with the changes it made, as a device would report it.
 */

type Args = Record<string, unknown>;

function diff(before: Map<string, string>, after: Map<string, string>): FileChange[] {
  const changes: FileChange[] = [];
  for (const [path, content] of after) if (before.get(path) !== content) changes.push({ path, content });
  for (const path of before.keys()) if (!after.has(path)) changes.push({ path, deleted: true });
  return changes;
}

const toWs = (m: Map<string, string>): Workspace => ({ files: [...m].map(([path, content]) => ({ path, content })) });

export function replayFileTools(
  seed: Workspace,
  calls: { name: string; args: Args }[],
): { calls: ToolCall[]; workspace: Workspace } {
  const files = new Map(seed.files.map((f) => [f.path, f.content]));
  const read = new Set<string>();
  const out: ToolCall[] = [];
  for (const { name, args } of calls) {
    const before = new Map(files);
    const p = String(args.path ?? "/");
    let ok = true;
    let result = "";
    const under = (dir: string) =>
      [...files.keys()].filter((f) => dir === "/" || f.startsWith(dir.replace(/\/?$/, "/")));
    switch (name) {
      case "list_files": {
        const entries = new Set(under(p).map((f) => f.slice(p.replace(/\/?$/, "/").length).replace(/\/.*$/, "/")));
        ok = entries.size > 0;
        result = [...entries].join("\n");
        break;
      }
      case "find_files": {
        const m = picomatch(String(args.name), { nocase: true });
        result = under(p)
          .filter((f) => m(f.slice(f.lastIndexOf("/") + 1)))
          .join("\n");
        break;
      }
      case "search_files": {
        const t = String(args.text).toLowerCase();
        result = under(p)
          .flatMap((f) =>
            files
              .get(f)!
              .split("\n")
              .filter((l) => l.toLowerCase().includes(t))
              .map((l) => `${f}: ${l}`),
          )
          .join("\n");
        break;
      }
      case "read_file":
        ok = files.has(p);
        if (ok) {
          read.add(p);
          result = files.get(p)!;
        }
        break;
      case "write_file":
        if (args.append) files.set(p, (files.get(p) ?? "") + String(args.content));
        else if (files.has(p) && !read.has(p)) ok = false;
        else files.set(p, String(args.content));
        break;
      case "edit_file": {
        const c = files.get(p);
        ok = c !== undefined && read.has(p) && c.includes(String(args.old_text));
        if (ok) files.set(p, c!.replace(String(args.old_text), String(args.new_text)));
        break;
      }
      case "manage_file": {
        const c = files.get(p);
        ok = c !== undefined;
        if (ok && args.action !== "delete") files.set(String(args.to), c!);
        if (ok && args.action !== "copy") files.delete(p);
        break;
      }
      default:
        ok = false;
    }
    const changes = diff(before, files);
    out.push({ name, args: args as ToolCall["args"], ok, result, ...(changes.length ? { changes } : {}) });
  }
  return { calls: out, workspace: toWs(files) };
}

export async function replayBash(
  seed: Workspace,
  commands: string[],
): Promise<{ calls: ToolCall[]; workspace: Workspace }> {
  const bash = new Bash({ files: Object.fromEntries(seed.files.map((f) => [f.path, f.content])), cwd: "/" });
  const seedPaths = new Set(seed.files.map((f) => f.path));
  const system = new Set((await bash.exec("find / -type f")).stdout.split("\n").filter((p) => p && !seedPaths.has(p)));
  const snapshot = async () => {
    const paths = (await bash.exec("find / -type f")).stdout.split("\n").filter((p) => p && !system.has(p));
    const m = new Map<string, string>();
    for (const p of paths) m.set(p, await bash.readFile(p));
    return m;
  };
  let files = await snapshot();
  const out: ToolCall[] = [];
  for (const command of commands) {
    const r = await bash.exec(command);
    const after = await snapshot();
    const changes = diff(files, after);
    out.push({
      name: "bash",
      args: { command },
      ok: r.exitCode === 0,
      result: r.stdout + r.stderr,
      ...(changes.length ? { changes } : {}),
    });
    files = after;
  }
  return { calls: out, workspace: toWs(files) };
}
