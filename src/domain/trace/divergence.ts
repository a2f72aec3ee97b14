import { stableJson } from "../scoring/stable-json";

/** What one side did at the point where two traces part. */
export type DivergenceSide =
  /** The trace has no turn here: it ended after `turns` turns. */
  | { ended: true; turns: number }
  /**
   * The trace has this turn: `call` is its call at the position where the two differ (null when
   * the turn has fewer calls, e.g. none: the model answered instead of calling a tool); `calls`
   * is how many calls the turn made in all.
   */
  | { ended: false; call: { name: string; args: unknown } | null; calls: number };

export type Divergence =
  /** Both traces made the same tool calls, turn by turn, and have the same number of turns. */
  | { kind: "same"; turns: number; textsDifferAt: number | null }
  | {
      kind: "diverge";
      /** The first turn (1-based) where the two differ. */
      turn: number;
      /** The first call of that turn (1-based) where they differ; 1 when one trace has ended. */
      call: number;
      a: DivergenceSide;
      b: DivergenceSide;
      /** The first turn (1-based) whose model text differs, at or before `turn`; null when none does. */
      textsDifferAt: number | null;
    };

/** What of a turn the alignment reads: its text and its calls' names and arguments. */
export interface TurnCalls {
  text?: string;
  toolCalls?: readonly { name: string; args: unknown }[];
}

/** A call's arguments as compared: canonical JSON (object keys sorted at every depth), never parsed from a string. */
export const argsKey = (args: unknown): string => stableJson(args);

/**
 * Aligns two traces turn by turn (turn i of a beside turn i of b) and finds the first turn where
 * they diverge. Turn i diverges when
 * - one trace has a turn i and the other has ended (it has fewer turns), or
 * - the two turns' tool calls differ: a different number of calls, or at some position a call
 *   with another tool name or other arguments. Arguments are compared as canonical JSON (object
 *   keys sorted at every depth, so `{"b":1,"a":2}` equals `{"a":2,"b":1}`); malformed arguments
 *   (a string the harness could not parse, or any other non-object JSON value) are compared as
 *   they are, so two identical malformed calls agree and a malformed call never equals a parsed one.
 *
 * Text differences alone do not count: two samplings of the same model word their turns
 * differently even when they do the same thing, and what a run does is its calls. Whether a call
 * succeeded and what it returned do not count either (the same call on the same workspace gives
 * the same result; a difference there shows in a later call). The first turn whose text differs
 * is reported beside (`textsDifferAt`), up to the divergence. Timings never count.
 */
export function firstDivergence(a: readonly TurnCalls[], b: readonly TurnCalls[]): Divergence {
  const n = Math.max(a.length, b.length);
  let textsDifferAt: number | null = null;
  for (let i = 0; i < n; i++) {
    const ta = a[i];
    const tb = b[i];
    if (!ta || !tb) {
      const side = (t: TurnCalls | undefined, len: number): DivergenceSide => {
        if (!t) return { ended: true, turns: len };
        const calls = t.toolCalls ?? [];
        return {
          ended: false,
          call: calls[0] ? { name: calls[0].name, args: calls[0].args } : null,
          calls: calls.length,
        };
      };
      return { kind: "diverge", turn: i + 1, call: 1, a: side(ta, a.length), b: side(tb, b.length), textsDifferAt };
    }
    if (textsDifferAt === null && (ta.text ?? null) !== (tb.text ?? null)) textsDifferAt = i + 1;
    const ca = ta.toolCalls ?? [];
    const cb = tb.toolCalls ?? [];
    for (let j = 0; j < Math.max(ca.length, cb.length); j++) {
      const x = ca[j];
      const y = cb[j];
      if (x && y && x.name === y.name && argsKey(x.args) === argsKey(y.args)) continue;
      const at = (c: typeof x, calls: number): DivergenceSide => ({
        ended: false,
        call: c ? { name: c.name, args: c.args } : null,
        calls,
      });
      return { kind: "diverge", turn: i + 1, call: j + 1, a: at(x, ca.length), b: at(y, cb.length), textsDifferAt };
    }
  }
  return { kind: "same", turns: n, textsDifferAt };
}

/** At most this many characters of a call's arguments in the sentence (the turns below show them whole). */
export const ARGS_IN_SENTENCE = 120;

function callWords(call: { name: string; args: unknown }): string {
  const args = argsKey(call.args);
  const shown = args.length > ARGS_IN_SENTENCE ? `${args.slice(0, ARGS_IN_SENTENCE)}…` : args;
  return `${call.name} ${shown}`;
}

function sideWords(s: DivergenceSide, label: string, call: number): string {
  if (s.ended) return `${label} has ended (after ${s.turns} turn${s.turns === 1 ? "" : "s"})`;
  if (s.call) return `${label} calls ${callWords(s.call)}`;
  if (s.calls === 0) return `${label} calls no tool`;
  return `${label} makes no call ${call} (${s.calls} call${s.calls === 1 ? "" : "s"} in that turn)`;
}

/**
 * The divergence in one sentence, e.g. "They diverge at turn 3: a calls bash {"command":"ls"},
 * b calls read_file {"path":"/todo.md"}." Arguments are canonical JSON, cut at ARGS_IN_SENTENCE.
 */
export function divergenceSentence(d: Divergence, labels: { a: string; b: string } = { a: "a", b: "b" }): string {
  if (d.kind === "same") {
    if (d.turns === 0) return "Neither run has a turn: there is nothing to align.";
    const texts =
      d.textsDifferAt === null ? " and the same texts" : `; only their texts differ, from turn ${d.textsDifferAt}`;
    return `They do not diverge: the same tool calls in all ${d.turns} turn${d.turns === 1 ? "" : "s"}${texts}.`;
  }
  const where = d.call > 1 ? `turn ${d.turn} (call ${d.call} of the turn)` : `turn ${d.turn}`;
  return `They diverge at ${where}: ${sideWords(d.a, labels.a, d.call)}, ${sideWords(d.b, labels.b, d.call)}.`;
}
