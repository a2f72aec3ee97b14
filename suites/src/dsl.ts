import type { Check } from "@/domain/suite/check";
import type { Fixture, Milestone, Task, TaskGroup } from "@/domain/suite/schema";
import type { ToolCall } from "@/domain/protocol/tool";
import { SEED, applyChanges, seedContent, type Change } from "./workspace";

/* Small builders that keep the task definitions readable. */

const withFlags = (flags?: string) => (flags ? { flags } : {});

export const reply = (id: string, pattern: string, flags?: string): Check => ({
  kind: "reply_regex",
  id,
  pattern,
  ...withFlags(flags),
});
export const fileRe = (id: string, path: string, pattern: string, flags?: string): Check => ({
  kind: "file_regex",
  id,
  path,
  pattern,
  ...withFlags(flags),
});
export const globRe = (id: string, glob: string, pattern: string, flags?: string): Check => ({
  kind: "file_regex",
  id,
  glob,
  pattern,
  ...withFlags(flags),
});
export const newLine = (id: string, path: string, pattern: string, flags?: string): Check => ({
  kind: "new_line",
  id,
  path,
  pattern,
  ...withFlags(flags),
});
export const unchanged = (path: string, id = `keeps_${slug(path)}`): Check => ({ kind: "file_unchanged", id, path });
export const absent = (id: string, path: string): Check => ({ kind: "file_absent", id, path });
export const exists = (id: string, path: string): Check => ({ kind: "file_exists", id, path });
export const called = (pattern: string, opts: { tool?: string; flags?: string; ok?: boolean } = {}): Check => ({
  kind: "call_regex",
  ...(opts.tool ? { tool: opts.tool } : {}),
  pattern,
  ...withFlags(opts.flags),
  ...(opts.ok === undefined ? {} : { ok: opts.ok }),
});
export const not = (id: string, check: Check): Check => ({ kind: "not", id, check });
export const all = (id: string, ...of: Check[]): Check => ({ kind: "all", id, of });
export const any = (id: string | undefined, ...of: Check[]): Check =>
  id ? { kind: "any", id, of } : { kind: "any", of };
export const wordCount = (id: string, min: number, max: number, path?: string): Check =>
  path ? { kind: "word_count", id, of: "file", path, min, max } : { kind: "word_count", id, of: "reply", min, max };

function slug(path: string): string {
  return path.replace(/^\//, "").replace(/[^A-Za-z0-9]+/g, "_");
}

/** Escape text for use inside a regex. */
export const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/*
 * Patterns that stay linear in the text's length (phone-20 v4; docs/security.md § Regex safety).
 * V8 backtracks: an unanchored `x[^"]*y`, `x.*y` or `(?=[\s\S]*^line$)` is retried from every
 * position where `x` (or anything) starts, each time scanning to the end, so a 20,000-character
 * text full of `x` cost 0.1–0.8 s per pattern. Each helper below gives the same verdict on every
 * text with one scan: it anchors the pattern where it can, and where a later occurrence of `x`
 * could only make the rest harder to match, it takes the first occurrence and commits to it (a
 * lookahead is atomic in JavaScript: `(?=(…))\1` consumes what it matched, never less).
 */

/** Any JavaScript line terminator: what `^`/`$` match beside under the `m` flag, and what `.` never matches. */
const EOL = "\\n\\r\\u2028\\u2029";

/** `first` and, after it in the same JSON string of a call's args (no `"` between), `then`: `first[^"]*then`, linear. */
export const inOneArg = (first: string, then: string) => `(?:^|")(?=([^"]*?${first}))\\1[^"]*?${then}`;

/** `first` and, anywhere after it, `then`: `first[\s\S]*then`, linear. `then` may end with `$`. */
export const firstThen = (first: string, then: string) => `^(?=([\\s\\S]*?${first}))\\1[\\s\\S]*${then}`;

/**
 * `a` and `b` on one line, in either order: `a.*b|b.*a`, linear. Equal to it only when an
 * occurrence of `a` cannot overlap one of `b` (true of a file name beside description words).
 */
export const sameLine = (a: string, b: string) => `(?:^|[${EOL}])(?=[^${EOL}]*?${a})(?=[^${EOL}]*?${b})`;

/** Every one of `lines` is a whole line of the file: `(?=[\s\S]*^line$)…` under `m`, anchored at the start so it runs once. */
export const hasLines = (lines: string[]) =>
  `^${lines.map((l) => `(?=[\\s\\S]*(?:^|[${EOL}])${esc(l)}(?:[${EOL}]|$))`).join("")}`;

/** The file still holds every line of the seed todo list except those named. */
export function todoKeeps(id: string, except: string[] = []): Check {
  const lines = seedContent("/todo.md")
    .split("\n")
    .filter((l) => l.startsWith("- [") && !except.some((e) => l.includes(e)));
  return fileRe(id, "/todo.md", hasLines(lines));
}

/* A looked-for-it milestone: any successful search, name search, listing, or bash grep/find/ls. */
export function searched(text: string): Check {
  return any(
    undefined,
    called(text, { tool: "search_files", flags: "i", ok: true }),
    called(text, { tool: "find_files", flags: "i", ok: true }),
    called(".", { tool: "list_files", ok: true }),
    called(`\\b(grep|find|ls)\\b`, { tool: "bash", ok: true }),
  );
}

/** Read `path`: with read_file, or with a bash command that prints it (cat, head, tail, grep, sed -n). */
export function readFile(path: string): Check {
  return any(
    undefined,
    called(`"path":"${esc(path)}"`, { tool: "read_file", ok: true }),
    called(inOneArg("\\b(cat|head|tail|less|more|grep|sed -n)\\b", esc(path)), { tool: "bash", ok: true }),
  );
}

/* Tool calls as they appear in a trace, for fixtures. */
export function toolCall(
  name: string,
  args: Record<string, unknown>,
  opts: { result?: string; changes?: Change[]; ok?: boolean } = {},
): ToolCall {
  return {
    name,
    args: args as ToolCall["args"],
    ok: opts.ok ?? true,
    ...(opts.result === undefined ? {} : { result: opts.result }),
    ...(opts.changes ? { changes: opts.changes } : {}),
  };
}
export const sh = (command: string, opts: { result?: string; changes?: Change[]; ok?: boolean } = {}) =>
  toolCall("bash", { command }, opts);

/**
 * A fixture. With `calls`, its final workspace is the seed plus the calls' changes followed by any
 * extra `changes`; without, the seed plus `changes`.
 */
export function fixture(
  name: string,
  expect: "pass" | "fail",
  replyText: string,
  opts: { changes?: Change[]; calls?: ToolCall[] } = {},
): Fixture {
  const fromCalls = (opts.calls ?? []).flatMap((c) => (c.changes ?? []) as Change[]);
  return {
    name,
    expect,
    reply: replyText,
    workspace: { files: applyChanges([...fromCalls, ...(opts.changes ?? [])]) },
    ...(opts.calls ? { calls: opts.calls } : {}),
  };
}

export interface TaskSpec {
  id: string;
  /** 1 unless the task changed after a version was stored. */
  version?: number;
  group: TaskGroup;
  heldOut?: boolean;
  title: string;
  prompt: string;
  checks: Check[];
  milestones?: Milestone[];
  fixtures: Fixture[];
}

export function task(spec: TaskSpec): Task {
  return {
    id: spec.id,
    version: spec.version ?? 1,
    group: spec.group,
    ...(spec.heldOut ? { heldOut: true } : {}),
    title: spec.title,
    prompt: spec.prompt,
    workspace: { files: SEED.map((f) => ({ ...f })) },
    checks: spec.checks,
    ...(spec.milestones ? { milestones: spec.milestones } : {}),
    fixtures: spec.fixtures,
  };
}
