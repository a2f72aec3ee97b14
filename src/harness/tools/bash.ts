import { Bash, InMemoryFs } from "just-bash";
import type { FileChange } from "@/domain/protocol";
import { type Workspace, normalizePath } from "./workspace";
import { type ToolResult, fail } from "./types";

/**
 * The `bash` tool: the command runs in just-bash over an in-memory filesystem built from the
 * Workspace, and the workspace is then replaced by the filesystem's files. Changes are the
 * before/after diff, ordered by when the command first touched each path. A command that would
 * replace an existing file the model has not read in this run is refused as a whole (nothing is
 * applied), like write_file/edit_file.
 */

const MAX_OUTPUT_CHARS = 4000;

const READS = new Set(["readFile", "readFileBuffer", "readFileBytes"]);
const MUTATIONS = new Set(["writeFile", "appendFile", "rm", "cp", "mv", "mkdir", "link", "symlink"]);

interface FsSnapshot {
  files: Map<string, string>;
  dirs: Set<string>;
}

/** Paths just-bash itself creates (/bin, /dev, /proc, …) are not part of the workspace unless seeded. */
async function snapshot(fs: InMemoryFs, system: ReadonlySet<string>, seeded: ReadonlySet<string>): Promise<FsSnapshot> {
  const files = new Map<string, string>();
  const dirs = new Set<string>();
  for (const p of fs.getAllPaths()) {
    if (p === "/" || (system.has(p) && !seeded.has(p))) continue;
    const st = await fs.stat(p).catch(() => null);
    if (!st) continue;
    if (st.isDirectory) dirs.add(p);
    else if (st.isFile) files.set(p, await fs.readFile(p));
  }
  return { files, dirs };
}

/** Fixes just-bash's output where it differs from bash conventions the model was shown. */
function tidy(text: string, dirs: ReadonlySet<string>): string {
  return (
    text
      // `grep -r x /` prints `//notes/a.md`
      .replace(/(^|[\s:])\/\/+(?=[^/\s])/gm, "$1/")
      // `cat /notes` says "No such file or directory" for a folder; bash says "Is a directory".
      .replace(/^([\w.-]+): ([^:\n]+): No such file or directory$/gm, (line, cmd: string, p: string) =>
        dirs.has(normalizePath(p)) ? `${cmd}: ${p}: Is a directory` : line,
      )
  );
}

function hint(stderr: string): string {
  if (/Is a directory/.test(stderr)) {
    const m = /: ([^:\n]+): Is a directory/.exec(stderr);
    return `Hint: run \`ls ${m ? m[1] : "/"}\` to see what is inside.`;
  }
  if (/No such file or directory/.test(stderr)) return "Hint: run `ls /` or `grep -ril WORD /` to find the right path.";
  if (/command not found/.test(stderr))
    return "Hint: use ls, cat, head, tail, wc, grep, find, echo, printf, sed -i, mkdir, cp, mv, rm or sort.";
  return "";
}

export async function runBash(ws: Workspace, command: unknown): Promise<ToolResult> {
  if (typeof command !== "string" || command.trim() === "") {
    return fail(`bash: "command" must be a non-empty string such as "ls /".`);
  }
  const fs = new InMemoryFs();
  const readPaths = new Set<string>();
  const touched: string[] = [];
  const touch = (p: unknown) => {
    if (typeof p === "string") touched.push(normalizePath(p));
  };
  const proxied = new Proxy(fs, {
    get(target, prop, _receiver) {
      const value = Reflect.get(target, prop, target);
      if (typeof value !== "function") return value;
      const name = String(prop);
      if (READS.has(name)) {
        return (p: string, ...rest: unknown[]) => {
          readPaths.add(normalizePath(p));
          return value.call(target, p, ...rest);
        };
      }
      if (MUTATIONS.has(name)) {
        return (a: unknown, b: unknown, ...rest: unknown[]) => {
          if (name === "mv") touch(a);
          touch(name === "cp" || name === "mv" || name === "link" || name === "symlink" ? b : a);
          return value.call(target, a, b, ...rest);
        };
      }
      return value.bind(target);
    },
  });
  const bash = new Bash({ fs: proxied as unknown as InMemoryFs, cwd: "/", env: { HOME: "/", PWD: "/" } });
  const system = new Set(fs.getAllPaths());
  const seeded = new Set<string>();
  for (const d of ws.emptyDirs) {
    await fs.mkdir(d, { recursive: true });
    seeded.add(d);
  }
  for (const [p, content] of ws.files) {
    for (let d = p.slice(0, p.lastIndexOf("/")); d !== ""; d = d.slice(0, d.lastIndexOf("/"))) seeded.add(d);
    await fs.mkdir(p.slice(0, p.lastIndexOf("/")) || "/", { recursive: true });
    await fs.writeFile(p, content);
    seeded.add(p);
  }
  const before = await snapshot(fs, system, seeded);
  let stdout = "";
  let stderr: string;
  let exitCode: number;
  try {
    const r = await bash.exec(command);
    stdout = r.stdout;
    stderr = r.stderr;
    exitCode = r.exitCode;
  } catch (e) {
    stderr = `bash: ${e instanceof Error ? e.message : String(e)}\n`;
    exitCode = 1;
  }
  const after = await snapshot(fs, system, seeded);
  stdout = tidy(stdout, after.dirs);
  stderr = tidy(stderr, after.dirs);

  // Refuse to replace an unread existing file (appending keeps the old content as a prefix).
  for (const [p, old] of before.files) {
    const now = after.files.get(p);
    if (now === undefined || now === old || now.startsWith(old)) continue;
    if (!ws.mayOverwrite(p)) {
      return fail(
        `bash: ${p}: refusing to overwrite a file you have not read (nothing was changed). Run \`cat ${p}\` first, or add to the end with >>.`,
      );
    }
  }

  // Changes in the order the command first touched each path, then any others by path.
  const order = new Map<string, number>();
  touched.forEach((p, i) => {
    if (!order.has(p)) order.set(p, i);
  });
  const changed = new Set<string>();
  for (const [p, c] of after.files) if (before.files.get(p) !== c) changed.add(p);
  for (const p of before.files.keys()) if (!after.files.has(p)) changed.add(p);
  const rank = (p: string) => order.get(p) ?? Number.MAX_SAFE_INTEGER;
  const changes: FileChange[] = [...changed]
    .sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0))
    .map((p) => (after.files.has(p) ? { path: p, content: after.files.get(p)! } : { path: p, deleted: true as const }));

  // What the model has now seen: files the command read whose start shows up in the output.
  const shown = stdout + stderr;
  for (const p of readPaths) {
    const content = before.files.get(p);
    if (content === undefined) continue;
    const firstLine = content
      .split("\n")
      .find((l) => l.trim() !== "")
      ?.trim();
    if (firstLine === undefined || shown.includes(firstLine)) ws.read.add(p);
  }

  // Apply: the workspace becomes the filesystem's files and folders.
  ws.files.clear();
  for (const [p, c] of after.files) ws.files.set(p, c);
  ws.emptyDirs.clear();
  for (const d of after.dirs) if (!ws.isDir(d)) ws.emptyDirs.add(d);
  for (const c of changes) if (!("deleted" in c)) ws.written.add(c.path);

  let out = stdout + stderr;
  if (out.length > MAX_OUTPUT_CHARS) out = out.slice(0, MAX_OUTPUT_CHARS) + "\n… (output cut)";
  if (exitCode !== 0) {
    const h = hint(stderr);
    out = `${out}${out.endsWith("\n") || out === "" ? "" : "\n"}(exit code ${exitCode})${h ? "\n" + h : ""}`;
  }
  return { ok: exitCode === 0, result: out.replace(/\n$/, ""), changes };
}
