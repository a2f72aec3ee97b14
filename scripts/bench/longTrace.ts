/**
 * A long, realistic trace for the trace-viewer benchmark (target 6): `turns` turns, each with
 * model text in Gemma's tool-call syntax and one or two file-tool calls executed by the simulated
 * phone's real tools (src/harness/tools), so results, failures and file changes are what a phone would
 * report. Deterministic (no clock, no randomness); the last turn is the final reply.
 */
import type { Build, Device, Trace, Turn, Workspace as TraceWorkspace } from "../../src/domain/protocol";
import { runFileTool, Workspace } from "../../src/harness/tools";
import { formatToolCall } from "../../src/sim/model/gemma";

export interface LongTraceInput {
  leaseToken: string;
  attempt: number;
  device: Device;
  build: Build;
  seed: TraceWorkspace;
  contextWindow: number;
  turns: number;
  /** ISO time the run started. */
  startedAt: string;
}

type Call = { name: string; args: { [k: string]: string | boolean } };

/** The calls of turn `i` (0-based): read-then-rewrite, search-then-append, or read-then-edit. */
export function callsFor(i: number, paths: string[], contents: (p: string) => string | undefined): Call[] {
  const path = paths[i % paths.length];
  if (i % 3 === 0) {
    const before = contents(path) ?? "";
    return [
      { name: "read_file", args: { path } },
      {
        name: "write_file",
        args: {
          path,
          content: `${before}${before.endsWith("\n") || before === "" ? "" : "\n"}- checked on pass ${i}\n`,
        },
      },
    ];
  }
  if (i % 3 === 1) {
    const words = ["dentist", "Tuesday", "November", "phone", "birthday", "bill", "permit"];
    return [
      { name: "search_files", args: { text: words[i % words.length] } },
      {
        name: "write_file",
        args: {
          path: `/notes/log-${i % 10}.md`,
          content: `Turn ${i + 1}: searched for ${words[i % words.length]}.\n`,
          append: true,
        },
      },
    ];
  }
  const first = (contents(path) ?? "").split("\n")[0] ?? "";
  return [
    { name: "read_file", args: { path } },
    { name: "edit_file", args: { path, old_text: first, new_text: `${first} (reviewed)` } },
  ];
}

const tokensOf = (s: string) => Math.max(1, Math.ceil(s.length / 4));

export function longTrace(input: LongTraceInput): Trace {
  const ws = Workspace.fromFiles(input.seed.files);
  const paths = input.seed.files.map((f) => f.path).sort();
  const turns: Turn[] = [];
  let context = 1500; // system prompt and tool definitions
  let pending = 40; // the task prompt, ingested by the first turn
  let elapsed = 0;
  let peak = 0;
  for (let i = 0; i < input.turns; i++) {
    const last = i === input.turns - 1;
    const calls = last ? [] : callsFor(i, paths, (p) => ws.files.get(p));
    const text = last
      ? `Done. I went through every note ${input.turns - 1} times, appended a checked line to each and kept a log under /notes.`
      : `Pass ${i + 1}: ${i % 3 === 1 ? "looking for related notes before logging" : `checking ${paths[i % paths.length]} and updating it`}.\n${calls.map((c) => formatToolCall(c.name, c.args)).join("\n")}`;
    const toolCalls = calls.map((c, k) => {
      const r = runFileTool(ws, c.name, c.args);
      return {
        name: c.name,
        args: c.args,
        ok: r.ok,
        result: r.result,
        ms: 2 + ((i * 7 + k * 13) % 29),
        ...(r.changes.length ? { changes: r.changes } : {}),
      };
    });
    const outputTokens = tokensOf(text);
    const promptTokens = pending;
    const before = context + promptTokens + outputTokens;
    // Past 80% of the window the harness elides the oldest tool results, as real harnesses do.
    const elide = before > 0.8 * input.contextWindow;
    peak = Math.max(peak, before);
    context = elide ? Math.round(input.contextWindow * 0.45) : before;
    const ttftMs = 250 + promptTokens * 2;
    const decodeMs = outputTokens * 45;
    turns.push({
      promptTokens,
      contextTokens: context,
      ttftMs,
      outputTokens,
      decodeMs,
      text,
      toolCalls,
      ...(elide ? { contextEvents: [{ kind: "elide" as const, tokensBefore: before, tokensAfter: context }] } : {}),
    });
    pending = toolCalls.reduce((n, c) => n + tokensOf(c.result), 0);
    elapsed += ttftMs + decodeMs + toolCalls.reduce((n, c) => n + c.ms, 0);
  }
  const start = Date.parse(input.startedAt);
  return {
    leaseToken: input.leaseToken,
    attempt: input.attempt,
    device: input.device,
    build: input.build,
    startedAt: new Date(start).toISOString(),
    endedAt: new Date(start + 3000 + elapsed).toISOString(),
    conditions: { thermalAtStart: "nominal", thermalAtEnd: "fair", charging: false, battery: 0.7, restMs: 0 },
    warmup: { ms: 1800 },
    load: { startupTokens: 1500, ms: 3000 },
    turns,
    reply: turns[turns.length - 1]?.text ?? "",
    end: { reason: "stop", detail: null },
    peakContextTokens: peak,
    workspace: { files: ws.toFiles() },
  };
}
