import { CallSyntaxError, type JsonValue, ValueReader, gemmaValue } from "./call-values";

/**
 * Tool calls written in a model's text instead of the OpenAI `tool_calls` field. Gemma's native
 * form is `<|tool_call>call:name{key:<|"|>value<|"|>}<tool_call|>`; small models also write
 * `call:name{…}` without the marks, `name(key="value")` (the form of the suite's worked
 * examples), `name({...})`, and JSON objects `{"name": …, "arguments": {…}}`. Several calls may
 * share one reply. What cannot be read becomes a CallProblem, never an exception.
 */

export type { JsonValue } from "./call-values";
export { gemmaValue } from "./call-values";

export interface TextCall {
  name: string;
  args: JsonValue;
  /** The call's syntax exactly as the model wrote it. */
  raw: string;
}

export interface CallProblem {
  name: string | null;
  raw: string;
  message: string;
}

export interface ParsedText {
  calls: TextCall[];
  problems: CallProblem[];
  /** The text without the syntax of the calls that were read (kept: prose and unreadable calls). */
  text: string;
}

export const OPEN = "<|tool_call>";
export const CLOSE = "<tool_call|>";
export const EXPECTED_FORMAT = `${OPEN}call:NAME{key:<|"|>text<|"|>,count:3}${CLOSE}`;

/** Gemma's native rendering of one call (what a model trained on it writes). */
export function renderGemmaCall(name: string, args: unknown): string {
  const body =
    args !== null && typeof args === "object" && !Array.isArray(args)
      ? gemmaValue(args)
      : `{value:${gemmaValue(args)}}`;
  return `${OPEN}call:${name}${body}${CLOSE}`;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const NAME = /[A-Za-z_][\w.-]*/y;

/** `name{…}`, `name(…)` or `name({…})` starting at r.i (after any `call:`). */
function callBody(r: ValueReader, json = false): { name: string; args: JsonValue } {
  r.ws();
  // Inside the marks a model may also write a JSON call object.
  if (json && r.peek("{")) {
    const j = jsonCall(r);
    return { name: j.name, args: j.args };
  }
  NAME.lastIndex = r.i;
  const m = NAME.exec(r.s);
  if (!m) r.fail("the call has no tool name");
  const name = m[0];
  r.i += name.length;
  r.ws();
  const c = r.s[r.i];
  if (c === "{") {
    r.i++;
    return { name, args: r.pairs("}") };
  }
  if (c !== "(") r.fail(`expected { or ( after the tool name ${name}`);
  r.i++;
  r.ws();
  if (r.s[r.i] !== "{") return { name, args: r.pairs(")") };
  const args = r.value(")");
  r.ws();
  if (r.s[r.i] !== ")") r.fail(`expected ) to close the call to ${name}`);
  r.i++;
  return { name, args };
}

/** `{"name": "read_file", "arguments": {...}}` (arguments may also be a JSON string, or `parameters`). */
function jsonCall(r: ValueReader): { name: string; args: JsonValue; explicit: boolean } {
  r.i++;
  const obj = r.pairs("}");
  if (typeof obj.name !== "string" || obj.name === "") r.fail('a JSON tool call needs "name" as text');
  const explicit = "arguments" in obj || "parameters" in obj || "args" in obj;
  let args: JsonValue = obj.arguments ?? obj.parameters ?? obj.args ?? {};
  if (typeof args === "string") {
    try {
      args = JSON.parse(args) as JsonValue;
    } catch {
      r.fail(`the arguments of ${obj.name} are text that is not JSON`);
    }
  }
  return { name: obj.name as string, args, explicit };
}

function guessName(raw: string): string | null {
  const m = /(?:call:|^|[^\w.])([A-Za-z_][\w.-]*)\s*[({]/.exec(raw.replace(OPEN, " "));
  const j = /"name"\s*:\s*"([^"]+)"/.exec(raw);
  return j?.[1] ?? m?.[1] ?? null;
}

/**
 * Finds every tool call in `text`, in order. Bare `name(` is read only for `toolNames` (prose and
 * code are full of `word(`); the marked, `call:` and JSON forms are read for any name.
 */
export function parseTextCalls(text: string, toolNames: readonly string[]): ParsedText {
  const known = toolNames.length ? `|(?<![\\w.:])(?:${toolNames.map(escape).join("|")})\\s*[({]` : "";
  const start = new RegExp(`${escape(OPEN)}|(?<![\\w.])call:[A-Za-z_][\\w.-]*\\s*[{(]|\\{\\s*"name"\\s*:${known}`, "g");
  const calls: TextCall[] = [];
  const problems: CallProblem[] = [];
  let kept = "";
  let from = 0;
  for (;;) {
    start.lastIndex = from;
    const m = start.exec(text);
    if (!m) break;
    const at = m.index;
    let end: number;
    let read: { name: string; args: JsonValue } | null = null;
    let message = "";
    const marked = m[0] === OPEN;
    // A marked call runs to its closing mark, or (when the model forgot it) to the next call or the end.
    const close = marked ? text.indexOf(CLOSE, at + OPEN.length) : -1;
    const next = marked ? text.indexOf(OPEN, at + OPEN.length) : -1;
    const limit = !marked
      ? text.length
      : close >= 0 && (next < 0 || close < next)
        ? close
        : next >= 0
          ? next
          : text.length;
    const r = new ValueReader(marked ? text.slice(0, limit) : text, marked ? at + OPEN.length : at);
    try {
      r.ws();
      if (marked) {
        if (r.peek("call:")) r.i += 5;
        read = callBody(r, true);
      } else if (m[0].startsWith("{")) {
        // Bare JSON is a call only when it says so: {"name": "Ann", "phone": …} in a reply is data.
        const j = jsonCall(r);
        read = j.explicit || toolNames.includes(j.name) ? { name: j.name, args: j.args } : null;
        if (!read) {
          kept += text.slice(from, at + 1);
          from = at + 1;
          continue;
        }
      } else {
        if (r.peek("call:")) r.i += 5;
        read = callBody(r);
      }
      end = r.i;
    } catch (e) {
      if (!(e instanceof CallSyntaxError)) throw e;
      if (!marked && m[0].startsWith("{") && !mentionsCall(text.slice(at, lineEnd(text, e.at)), toolNames)) {
        kept += text.slice(from, at + 1);
        from = at + 1;
        continue;
      }
      message = e.message;
      end = marked ? limit : Math.max(at + m[0].length, lineEnd(text, e.at));
    }
    const spanEnd = marked && limit === close ? close + CLOSE.length : marked ? limit : end;
    const raw = text.slice(at, spanEnd);
    if (read) {
      calls.push({ ...read, raw });
      kept += text.slice(from, at);
    } else {
      problems.push({ name: guessName(raw), raw, message });
      kept += text.slice(from, spanEnd);
    }
    from = spanEnd;
  }
  kept += text.slice(from);
  return { calls, problems, text: kept.replace(/\n{3,}/g, "\n\n").trim() };
}

/** Broken bare JSON counts as a call attempt only if it names a tool or has arguments. */
function mentionsCall(raw: string, toolNames: readonly string[]): boolean {
  return /"(arguments|parameters)"\s*:/.test(raw) || toolNames.some((n) => raw.includes(`"${n}"`));
}

function lineEnd(text: string, at: number): number {
  const nl = text.indexOf("\n", Math.min(at, text.length));
  return nl < 0 ? text.length : nl;
}

/** What the model is told when a call could not be read: what was wrong and the expected format. */
export function problemObservation(problems: readonly CallProblem[], toolNames: readonly string[]): string {
  const lines = problems.map(
    (p) => `- ${p.name ? `${p.name}: ` : ""}${p.message} in: ${p.raw.length > 160 ? p.raw.slice(0, 160) + "…" : p.raw}`,
  );
  const tools = toolNames.length ? ` Available tools: ${toolNames.join(", ")}.` : "";
  return [
    `Your tool call could not be read, so it was not run:`,
    ...lines,
    `Write each call as ${EXPECTED_FORMAT} (text values between <|"|> marks, numbers and true/false bare), one call per block.${tools}`,
  ].join("\n");
}
