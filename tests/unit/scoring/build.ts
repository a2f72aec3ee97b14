import type { FileChange, ToolCall, Trace, Turn, Workspace } from "@/domain/protocol";
import type { CheckState } from "@/domain/scoring";
import type { Task } from "@/domain/suite/schema";

/** Hand-built inputs for scoring tests: short literals instead of full protocol documents. */
export const ws = (files: Record<string, string> = {}): Workspace => ({
  files: Object.entries(files).map(([path, content]) => ({ path, content })),
});

export const state = (over: Partial<CheckState> = {}): CheckState => ({
  workspace: ws(),
  seed: ws(),
  reply: "",
  calls: [],
  ...over,
});

export const call = (name: string, args: ToolCall["args"], ok = true, extra: Partial<ToolCall> = {}): ToolCall => ({
  name,
  args,
  ok,
  ...extra,
});

export const write = (path: string, content: string): FileChange => ({ path, content });
export const del = (path: string): FileChange => ({ path, deleted: true });

export const turn = (over: Partial<Turn> = {}): Turn => ({
  promptTokens: 10,
  contextTokens: 100,
  ttftMs: 100,
  outputTokens: 20,
  decodeMs: 400,
  text: "",
  toolCalls: [],
  ...over,
});

export const trace = (over: Partial<Trace> = {}): Trace => ({
  leaseToken: "lease",
  attempt: 1,
  device: { id: "d", model: "m", os: "o" },
  build: { commit: "c", app: "a", runtime: "r", model: "gemma" },
  startedAt: "2026-01-01T00:00:00Z",
  endedAt: "2026-01-01T00:01:00Z",
  load: { startupTokens: 300, ms: 2000 },
  turns: [],
  reply: "",
  end: { reason: "stop" },
  peakContextTokens: 500,
  workspace: ws(),
  ...over,
});

/** One turn per call keeps tests focused on the calls themselves. */
export const traceWithCalls = (calls: ToolCall[], over: Partial<Trace> = {}): Trace =>
  trace({ turns: calls.map((c) => turn({ toolCalls: [c] })), ...over });

export const task = (over: Partial<Task> = {}): Task => ({
  id: "t",
  version: 1,
  group: "files",
  prompt: "do it",
  workspace: ws(),
  checks: [{ kind: "reply_regex", pattern: "ok" }],
  fixtures: [],
  ...over,
});
