import { FILE_TOOLS, PLAN_TOOL } from "@/domain/suite/harness-tools";
import { type Workspace, baseName, normalizePath, parentOf } from "./workspace";
import { type ToolResult, fail, ok } from "./types";

/**
 * The seven file tools and `update_plan` of harness-tools.ts over an in-memory Workspace.
 * Errors follow bash conventions (`read_file: /notes: Is a directory`) and end with a next step.
 */

type Args = Record<string, unknown>;

const MAX_RESULT_CHARS = 4000;
const clip = (s: string) => (s.length > MAX_RESULT_CHARS ? s.slice(0, MAX_RESULT_CHARS) + "\n… (output cut)" : s);

function str(tool: string, args: Args, key: string, required: boolean): string | ToolResult | undefined {
  const v = args[key];
  if (v === undefined || v === null) {
    return required
      ? fail(`${tool}: missing required argument "${key}". Call ${tool} again with ${key} set.`)
      : undefined;
  }
  if (typeof v !== "string") return fail(`${tool}: "${key}" must be a string, got ${JSON.stringify(v)}.`);
  return v;
}

const isResult = (v: unknown): v is ToolResult => typeof v === "object" && v !== null && "ok" in v;

/** `*` any characters, `?` one character, case-insensitive, matched against the whole name. */
export function nameMatcher(pattern: string): (name: string) => boolean {
  const re = new RegExp(
    "^" +
      pattern
        .split("")
        .map((c) => (c === "*" ? ".*" : c === "?" ? "." : c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
        .join("") +
      "$",
    "i",
  );
  return (name) => re.test(name);
}

function missing(tool: string, path: string, ws: Workspace): ToolResult {
  const parent = parentOf(path);
  const hint =
    ws.isDir(parent) && parent !== "/"
      ? `Use list_files with path ${parent} to see what is there.`
      : "Use list_files with path / or search_files to find the right path.";
  return fail(`${tool}: ${path}: No such file or directory. ${hint}`);
}

function listFiles(ws: Workspace, args: Args): ToolResult {
  const raw = str("list_files", args, "path", false);
  if (isResult(raw)) return raw;
  const path = normalizePath(raw ?? "/");
  if (ws.isFile(path)) return fail(`list_files: ${path}: Not a directory. Use read_file to read it.`);
  if (!ws.isDir(path)) return missing("list_files", path, ws);
  const kids = ws.children(path);
  return ok(kids.length ? kids.join("\n") : `(${path} is empty)`);
}

function findFiles(ws: Workspace, args: Args): ToolResult {
  const name = str("find_files", args, "name", true);
  if (isResult(name)) return name;
  const raw = str("find_files", args, "path", false);
  if (isResult(raw)) return raw;
  const dir = normalizePath(raw ?? "/");
  if (ws.isFile(dir)) return fail(`find_files: ${dir}: Not a directory. Search below a folder such as /.`);
  if (!ws.isDir(dir)) return missing("find_files", dir, ws);
  const match = nameMatcher(name!.includes("*") || name!.includes("?") ? name! : `*${name}*`);
  const hits = ws.filesBelow(dir).filter((p) => match(baseName(p)));
  if (!hits.length)
    return ok(`No files named ${name} below ${dir}. Try search_files to search inside files, or list_files ${dir}.`);
  return ok(clip(hits.join("\n")));
}

function searchFiles(ws: Workspace, args: Args): ToolResult {
  const text = str("search_files", args, "text", true);
  if (isResult(text)) return text;
  if (text === "") return fail(`search_files: "text" is empty. Give a word to look for.`);
  const raw = str("search_files", args, "path", false);
  if (isResult(raw)) return raw;
  const dir = normalizePath(raw ?? "/");
  const files = ws.isFile(dir) ? [dir] : ws.isDir(dir) ? ws.filesBelow(dir) : null;
  if (!files) return missing("search_files", dir, ws);
  const needle = (text as string).toLowerCase();
  const lines: string[] = [];
  for (const p of files) {
    ws.files
      .get(p)!
      .split("\n")
      .forEach((line, i) => {
        if (line.toLowerCase().includes(needle)) lines.push(`${p}:${i + 1}: ${line}`);
      });
  }
  if (!lines.length)
    return ok(`No matches for "${text}" below ${dir}. Try a shorter or different word, or list_files ${dir}.`);
  return ok(clip(lines.join("\n")));
}

function readFile(ws: Workspace, args: Args): ToolResult {
  const raw = str("read_file", args, "path", true);
  if (isResult(raw)) return raw;
  const path = normalizePath(raw!);
  if (ws.isDir(path) && !ws.isFile(path))
    return fail(`read_file: ${path}: Is a directory. Use list_files with path ${path} to see what is inside.`);
  if (!ws.isFile(path)) return missing("read_file", path, ws);
  ws.read.add(path);
  const content = ws.files.get(path)!;
  return ok(content === "" ? `(${path} is empty)` : clip(content));
}

const refuse = (tool: string, path: string) =>
  fail(
    `${tool}: ${path}: refusing to overwrite a file you have not read. Read it first with read_file${tool === "write_file" ? ", or add to the end with append: true" : ""}.`,
  );

function writeFile(ws: Workspace, args: Args): ToolResult {
  const raw = str("write_file", args, "path", true);
  if (isResult(raw)) return raw;
  const content = str("write_file", args, "content", true);
  if (isResult(content)) return content;
  const append = args.append === true;
  const path = normalizePath(raw!);
  if (path === "/" || (ws.isDir(path) && !ws.isFile(path)))
    return fail(`write_file: ${path}: Is a directory. Give a file path such as ${path === "/" ? "" : path}/notes.md.`);
  for (let d = parentOf(path); d !== "/"; d = parentOf(d)) {
    if (ws.isFile(d)) return fail(`write_file: ${path}: Not a directory (${d} is a file). Choose another path.`);
  }
  const existed = ws.isFile(path);
  if (existed && !append && !ws.mayOverwrite(path)) return refuse("write_file", path);
  const next = append && existed ? ws.files.get(path)! + content : (content as string);
  const change = ws.write(path, next);
  const verb = append && existed ? "Appended" : existed ? "Overwrote" : "Created";
  return ok(`${verb} ${path} (${next.length} characters).`, [change]);
}

function editFile(ws: Workspace, args: Args): ToolResult {
  const raw = str("edit_file", args, "path", true);
  if (isResult(raw)) return raw;
  const oldText = str("edit_file", args, "old_text", true);
  if (isResult(oldText)) return oldText;
  const newText = str("edit_file", args, "new_text", true);
  if (isResult(newText)) return newText;
  const path = normalizePath(raw!);
  if (ws.isDir(path) && !ws.isFile(path))
    return fail(`edit_file: ${path}: Is a directory. Use list_files with path ${path} to see what is inside.`);
  if (!ws.isFile(path)) return missing("edit_file", path, ws);
  if (!ws.mayOverwrite(path)) return fail(`edit_file: ${path}: read the file with read_file before editing it.`);
  if (oldText === "")
    return fail(`edit_file: ${path}: old_text is empty. Copy the exact text to replace from the file.`);
  const content = ws.files.get(path)!;
  const count = content.split(oldText as string).length - 1;
  if (count === 0)
    return fail(
      `edit_file: ${path}: the text to replace was not found. Read the file again and copy the text exactly.`,
    );
  if (count > 1)
    return fail(
      `edit_file: ${path}: the text to replace appears ${count} times. Include more of the surrounding text so it is unique.`,
    );
  const change = ws.write(
    path,
    content.replace(oldText as string, () => newText as string),
  );
  return ok(`Edited ${path}.`, [change]);
}

function manageFile(ws: Workspace, args: Args): ToolResult {
  const action = args.action;
  if (action !== "copy" && action !== "move" && action !== "delete") {
    return fail(`manage_file: action must be "copy", "move" or "delete", got ${JSON.stringify(action)}.`);
  }
  const raw = str("manage_file", args, "path", true);
  if (isResult(raw)) return raw;
  const path = normalizePath(raw!);
  if (ws.isDir(path) && !ws.isFile(path))
    return fail(`manage_file: ${path}: Is a directory. Only files can be copied, moved or deleted.`);
  if (!ws.isFile(path)) return missing("manage_file", path, ws);
  if (action === "delete") return ok(`Deleted ${path}.`, [ws.remove(path)]);
  const rawTo = str("manage_file", args, "to", true);
  if (isResult(rawTo)) return rawTo;
  let to = normalizePath(rawTo!);
  if (ws.isDir(to) && !ws.isFile(to)) to = (to === "/" ? "" : to) + "/" + baseName(path);
  if (to === path) return fail(`manage_file: ${path} and ${to} are the same file.`);
  if (ws.isFile(to) && !ws.mayOverwrite(to)) return refuse("manage_file", to);
  const content = ws.files.get(path)!;
  const changes = [ws.write(to, content)];
  if (action === "move") {
    changes.push(ws.remove(path));
    if (ws.read.has(path)) ws.read.add(to);
  }
  return ok(`${action === "copy" ? "Copied" : "Moved"} ${path} to ${to}.`, changes);
}

export function renderPlan(steps: { step: string; done: boolean }[]): string {
  return steps.map((s, i) => `${i + 1}. [${s.done ? "x" : " "}] ${s.step}`).join("\n");
}

function updatePlan(ws: Workspace, args: Args): ToolResult {
  const steps = args.steps;
  if (!Array.isArray(steps) || steps.length === 0) {
    return fail(
      `update_plan: "steps" must be a list like [{"step": "Find the note", "done": false}]. Send the whole plan.`,
    );
  }
  const plan: { step: string; done: boolean }[] = [];
  for (const [i, s] of steps.entries()) {
    if (
      typeof s !== "object" ||
      s === null ||
      typeof (s as Args).step !== "string" ||
      typeof (s as Args).done !== "boolean"
    ) {
      return fail(`update_plan: step ${i + 1} must look like {"step": "…", "done": false}.`);
    }
    plan.push({ step: (s as Args).step as string, done: (s as Args).done as boolean });
  }
  ws.plan = plan;
  return ok(`Plan updated:\n${renderPlan(plan)}`);
}

export const FILE_TOOL_IMPLS: Record<string, (ws: Workspace, args: Args) => ToolResult> = {
  list_files: listFiles,
  find_files: findFiles,
  search_files: searchFiles,
  read_file: readFile,
  write_file: writeFile,
  edit_file: editFile,
  manage_file: manageFile,
  update_plan: updatePlan,
};

// Keep the implementations and the canonical definitions in lock-step.
for (const def of [...FILE_TOOLS, PLAN_TOOL]) {
  if (!FILE_TOOL_IMPLS[def.name]) throw new Error(`the harness has no implementation of tool ${def.name}`);
}

/** Runs one synchronous (non-bash) tool. `args` may be any JSON value: a malformed call fails with a hint. */
export function runFileTool(ws: Workspace, name: string, args: unknown): ToolResult {
  const impl = FILE_TOOL_IMPLS[name];
  if (!impl) return fail(`${name}: unknown tool. Use one of the tools listed in the system prompt.`);
  if (typeof args !== "object" || args === null || Array.isArray(args)) {
    return fail(`${name}: arguments must be an object such as {"path": "/notes"}; got ${JSON.stringify(args)}.`);
  }
  return impl(ws, args as Args);
}
