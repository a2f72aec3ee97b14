import type { z } from "zod";
import * as P from "../src/index.ts";
import { fieldRows } from "./fields.ts";

/** The messages of the protocol, in the order a device meets them, with the route that carries each. */
export const MESSAGES: { name: string; schema: z.ZodType; io: "input" | "output"; route: string }[] = [
  { name: "PollRequest", schema: P.PollRequest, io: "input", route: "body of `POST /poll`" },
  { name: "Job", schema: P.Job, io: "output", route: '`200` answer of `POST /poll`, as `{"job": Job}`' },
  { name: "HeartbeatRequest", schema: P.HeartbeatRequest, io: "input", route: "body of `POST /jobs/{id}/heartbeat`" },
  { name: "HeartbeatResponse", schema: P.HeartbeatResponse, io: "output", route: "`200` answer of the heartbeat" },
  { name: "Trace", schema: P.Trace, io: "input", route: "body of `POST /jobs/{id}/result`" },
  { name: "ResultResponse", schema: P.ResultResponse, io: "output", route: "`201`/`200` answer of the result" },
  { name: "FailRequest", schema: P.FailRequest, io: "input", route: "body of `POST /jobs/{id}/fail`" },
  { name: "FailResponse", schema: P.FailResponse, io: "output", route: "`200` answer of the fail" },
  { name: "ErrorBody", schema: P.ErrorBody, io: "output", route: "every `4xx`/`5xx` answer" },
];

const DEVICE = {
  device: "The phone: what it is and what it runs.",
  "device.id": "Your own stable id for this phone (`pixel9-a`); analytics group runs by it.",
  "device.model": "Marketing name of the hardware (`Pixel 9`).",
  "device.os": "Operating system and version (`Android 16`).",
  build: "What the phone runs the task with.",
  "build.commit": "The app build's commit: the regression gate compares builds by it.",
  "build.app": "The app's version string.",
  "build.runtime": "The inference runtime and its version (`react-native-executorch 0.10.4`).",
  "build.model": "The model (`gemma-4-e2b`).",
  "build.quantization": "Its quantization (`int8`), when it has one.",
};
const WORKSPACE = (of: string) => ({
  [`${of}`]: of.startsWith("task")
    ? "The files the task starts with: seed the agent's workspace with exactly these."
    : "The whole workspace as the run left it; the server scores from it.",
  [`${of}.files`]: "Every file, each path once.",
  [`${of}.files[].path`]: "Absolute path (`/notes/health.md`); no `..`, no empty segments.",
  [`${of}.files[].content`]: "The file's text.",
});

/** What each field means, by message; every field of every message has one (a test checks). */
export const NOTES: Record<string, Record<string, string>> = {
  PollRequest: {
    ...DEVICE,
    state: "The phone's state now: the server rests a hot phone and records what runs started on.",
    "state.thermal": "The OS thermal state.",
    "state.battery": "Charge from 0 to 1.",
    "state.charging": "Whether it is on the charger.",
    sessions: "v1.1: lease only jobs of these sessions (a phone working for one study); leave out for any session.",
  },
  Job: {
    id: "The job's id, for the heartbeat, result and fail routes.",
    attempt: "Which attempt this lease is for (a lease that ends without a result uses one up).",
    repeat: "Which repeat of its task × config in the session, from 1.",
    lease: "Your hold on the job.",
    "lease.token": "Send it with every heartbeat, result and fail of this job; it is what makes a resent result safe.",
    "lease.expiresAt": "When the job goes back to the queue unless a heartbeat extends it.",
    "lease.heartbeatSeconds": "How often to heartbeat (about a third of the lease).",
    session: "The session the job belongs to.",
    "session.id": "Its id.",
    "session.name": "Its name, to show on the phone.",
    task: "What the agent is asked to do.",
    "task.id": "The task's id in its suite.",
    "task.version": "Its version (any change to the task bumps it).",
    "task.prompt": "The user's request, word for word.",
    ...WORKSPACE("task.workspace"),
    config: "The harness to run the task with.",
    "config.id": "The config's id in its suite.",
    "config.version": "Its version.",
    "config.systemPrompt": "The system prompt, word for word.",
    "config.tools": "The tools to offer the model (none for a config without actions).",
    "config.tools[].name": "The tool's name as the model calls it.",
    "config.tools[].description": "What the tool does, as the model reads it.",
    "config.tools[].parameters": "Its parameters as a JSON Schema object.",
    "config.components": "The harness components this config switches on, for the app to assemble.",
    "config.components.actions": "Which tools act on the workspace: none, file tools or one bash tool.",
    "config.components.planning": "Whether the planning tool is offered.",
    "config.components.examples": "Whether the system prompt carries worked examples.",
    "config.components.context": "How the context is managed when it fills: nothing, elide, summarize or staged.",
    "config.contextWindow": "The model's context window for this config, in tokens.",
    "config.temperature": "Sampling temperature.",
    "config.maxToolCalls": 'Stop the run with `end.reason = "tool_limit"` after this many tool calls.',
    protocol: "What to do before the measured run.",
    "protocol.warmup": "Run one throwaway generation first.",
    "protocol.rest": "Then rest until the phone has cooled down.",
    "protocol.rest.untilThermal": "Rest until the thermal state is at most this…",
    "protocol.rest.maxSeconds": "…but no longer than this.",
  },
  HeartbeatRequest: {
    leaseToken: "The job's `lease.token`.",
    turn: "The turn the run is on, shown live on the dashboard.",
  },
  HeartbeatResponse: { expiresAt: "The lease's new end." },
  Trace: {
    leaseToken: "The job's `lease.token`.",
    attempt: "The job's `attempt`.",
    ...DEVICE,
    device: "The phone, as in the poll.",
    build: "The build, as in the poll.",
    startedAt: "When the measured run started (after warm-up and rest).",
    endedAt: "When it ended.",
    conditions: "The phone's state around the run.",
    "conditions.thermalAtStart": "Thermal state when the run started.",
    "conditions.thermalAtEnd": "Thermal state when it ended.",
    "conditions.charging": "On the charger during the run.",
    "conditions.battery": "Charge at the start, 0 to 1.",
    "conditions.restMs": "How long the phone rested before the run.",
    warmup: "The warm-up generation, when the job asked for one.",
    "warmup.ms": "How long it took.",
    load: "The one-off ingestion of the system prompt and tool definitions.",
    "load.startupTokens": "Tokens ingested at start-up.",
    "load.ms": "How long that took.",
    "load.cachedTokens":
      "v1.1: start-up tokens served from the model server's prompt cache (then `ms` is not a cold prefill).",
    turns: "Every model turn, in order.",
    "turns[].promptTokens": "Tokens ingested for this turn.",
    "turns[].contextTokens": "Tokens in the context after ingesting them.",
    "turns[].ttftMs": "From submitting them to the first output token.",
    "turns[].outputTokens": "Tokens the model generated.",
    "turns[].decodeMs": "How long generating them took.",
    "turns[].text": "The raw model output, tool-call syntax included.",
    "turns[].toolCalls": "The tool calls this turn made, in order.",
    "turns[].toolCalls[].name": "The tool called.",
    "turns[].toolCalls[].args": "Its arguments: normally an object, but any JSON value (a model's malformed call).",
    "turns[].toolCalls[].ok": "Whether the call succeeded.",
    "turns[].toolCalls[].result": "What the tool returned to the model.",
    "turns[].toolCalls[].ms": "How long the tool took.",
    "turns[].toolCalls[].changes":
      "The workspace writes and deletions the call made, in order; progress is measured from them.",
    "turns[].toolCalls[].changes[].path": "The file written or deleted.",
    "turns[].toolCalls[].changes[].deleted": "`true` for a deletion (then no `content`).",
    "turns[].toolCalls[].changes[].content": "The file's whole new text, for a write.",
    "turns[].contextEvents": "What context management did this turn.",
    "turns[].contextEvents[].kind": "`elide`, `summarize`, `recall` or `overflow`.",
    "turns[].contextEvents[].tokensBefore": "Context tokens before it.",
    "turns[].contextEvents[].tokensAfter": "And after.",
    "turns[].timingSource":
      "v1.1: `server` when the timings come from the model server, `client` when the device measured them.",
    reply: "The final message shown to the user (may be empty).",
    end: "How the run ended.",
    "end.reason":
      "`stop` (the model ended its turn), `tool_limit`, `turn_limit`, `context_full`, `crash`, `timeout` or `cancelled`.",
    "end.detail": "Free text: a crash's message, for instance.",
    peakContextTokens: "The most tokens the context held.",
    peakMemoryMb: "The most memory the app used.",
    ...WORKSPACE("workspace"),
    toolsDropped:
      "v1.1: the start-up prompt came out far smaller than the tool definitions (the server's template left them out).",
  },
  ResultResponse: {
    runId: "The stored run.",
    passed: "Whether the run passed the task's checks.",
    outcome: "How it ended, as the dashboard labels it (`finished`, `wrong_result`, `gave_up`, …).",
    superseded: "`true` when another lease had completed the job first: kept, excluded from analytics.",
  },
  FailRequest: {
    leaseToken: "The job's `lease.token`.",
    reason: "Why the job could not run (`model_load_failed`, `workspace_failed`, `invalid_job`).",
    detail: "Free text for whoever reads the dashboard.",
  },
  FailResponse: {
    job: "The job after this attempt.",
    "job.state": "`queued` for another attempt, or `failed` when its attempts are used up.",
    "job.attempt": "The attempt the next lease will be.",
  },
  ErrorBody: {
    error: "What went wrong.",
    "error.code":
      "A closed list: `unauthorized`, `not_found`, `lease_lost`, `invalid_request`, `invalid_json`, `payload_too_large`, …",
    "error.message": "A sentence saying what to do.",
    "error.issues": "For a `400`: one entry per problem.",
    "error.issues[].path": "The field, as a dotted path (`turns.3.ttftMs`).",
    "error.issues[].message": "What is wrong with it.",
  },
};

const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");

/** The generated part of PROTOCOL.md: one table per message, every field with its type, rule and meaning. */
export function fieldTables(): string {
  const out: string[] = [];
  for (const m of MESSAGES) {
    out.push(
      `### ${m.name}`,
      "",
      `The ${m.route}.`,
      "",
      "| field | type | required | rule | meaning |",
      "|---|---|---|---|---|",
    );
    for (const r of fieldRows(m.schema, m.io))
      out.push(
        `| \`${r.path}\` | ${r.type} | ${r.required ? "yes" : "no"} | ${r.rule} | ${cell(NOTES[m.name]?.[r.path] ?? "")} |`,
      );
    out.push("");
  }
  return out.join("\n");
}

/** Fields without a note, and notes naming no field: both must be empty. */
export function noteGaps(): { missing: string[]; stray: string[] } {
  const missing: string[] = [];
  const stray: string[] = [];
  for (const m of MESSAGES) {
    const paths = new Set(fieldRows(m.schema, m.io).map((r) => r.path));
    for (const p of paths) if (!NOTES[m.name]?.[p]) missing.push(`${m.name}.${p}`);
    for (const p of Object.keys(NOTES[m.name] ?? {})) if (!paths.has(p)) stray.push(`${m.name}.${p}`);
  }
  return { missing, stray };
}
