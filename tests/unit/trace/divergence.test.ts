import { describe, expect, it } from "vitest";
import { ARGS_IN_SENTENCE, divergenceSentence, firstDivergence, pairRuns, type SideRun } from "@/domain/trace";

type Call = { name: string; args: unknown; ok?: boolean; result?: string };
const call = (name: string, args: unknown, ok = true, result = "done"): Call => ({ name, args, ok, result });
const turn = (text: string, ...calls: Call[]) => ({
  text,
  toolCalls: calls.map((c) => ({ ok: true, ...c })),
});
const ls = call("bash", { command: "ls /" });
const cat = call("bash", { command: "cat /todo.md" });
const read = call("read_file", { path: "/todo.md" });

describe("firstDivergence", () => {
  it("finds none in identical traces, whatever the key order of the arguments, results or success", () => {
    const a = [turn("look", ls), turn("read", call("write_file", { path: "/a", content: "x" })), turn("done")];
    const b = [
      turn("look", { ...ls, ok: false, result: "other" }),
      turn("read", call("write_file", { content: "x", path: "/a" })),
      turn("done"),
    ];
    const d = firstDivergence(a, b);
    expect(d).toEqual({ kind: "same", turns: 3, textsDifferAt: null });
    expect(divergenceSentence(d)).toBe("They do not diverge: the same tool calls in all 3 turns and the same texts.");
  });

  it("does not count texts alone, but reports the first turn whose text differs", () => {
    const d = firstDivergence([turn("Let me look.", ls), turn("ok", cat)], [turn("Looking.", ls), turn("ok", cat)]);
    expect(d).toEqual({ kind: "same", turns: 2, textsDifferAt: 1 });
    expect(divergenceSentence(d)).toBe(
      "They do not diverge: the same tool calls in all 2 turns; only their texts differ, from turn 1.",
    );
  });

  it("marks turn 1 when the first calls differ, by name or by arguments", () => {
    const byName = firstDivergence([turn("x", cat)], [turn("x", read)]);
    expect(byName).toMatchObject({ kind: "diverge", turn: 1, call: 1 });
    expect(divergenceSentence(byName)).toBe(
      'They diverge at turn 1: a calls bash {"command":"cat /todo.md"}, b calls read_file {"path":"/todo.md"}.',
    );
    const byArgs = firstDivergence([turn("x", ls)], [turn("x", cat)]);
    expect(byArgs).toMatchObject({
      kind: "diverge",
      turn: 1,
      a: { ended: false, call: { name: "bash", args: { command: "ls /" } }, calls: 1 },
      b: { ended: false, call: { name: "bash", args: { command: "cat /todo.md" } }, calls: 1 },
    });
  });

  it("marks a later turn and the call within it where the number of calls differs", () => {
    const a = [turn("1", ls), turn("2", cat, read), turn("3")];
    const b = [turn("1", ls), turn("2", cat), turn("3")];
    const d = firstDivergence(a, b);
    expect(d).toMatchObject({ kind: "diverge", turn: 2, call: 2, b: { ended: false, call: null, calls: 1 } });
    expect(divergenceSentence(d, { a: "files", b: "bash" })).toBe(
      'They diverge at turn 2 (call 2 of the turn): files calls read_file {"path":"/todo.md"}, bash makes no call 2 (1 call in that turn).',
    );
    // A turn with no call at all: the model answered.
    const answered = firstDivergence([turn("1", ls)], [turn("1")]);
    expect(divergenceSentence(answered)).toBe(
      'They diverge at turn 1: a calls bash {"command":"ls /"}, b calls no tool.',
    );
  });

  it("marks the first turn past the shorter trace's end", () => {
    const a = [turn("1", ls), turn("2", cat)];
    const b = [turn("1", ls), turn("2", cat), turn("3", read), turn("4")];
    const d = firstDivergence(a, b);
    expect(d).toEqual({
      kind: "diverge",
      turn: 3,
      call: 1,
      a: { ended: true, turns: 2 },
      b: { ended: false, call: { name: "read_file", args: { path: "/todo.md" } }, calls: 1 },
      textsDifferAt: null,
    });
    expect(divergenceSentence(d)).toBe(
      'They diverge at turn 3: a has ended (after 2 turns), b calls read_file {"path":"/todo.md"}.',
    );
    // One trace with no turn at all, and both without.
    expect(firstDivergence([], [turn("1")])).toMatchObject({ turn: 1, a: { ended: true, turns: 0 } });
    expect(divergenceSentence(firstDivergence([], []))).toBe("Neither run has a turn: there is nothing to align.");
  });

  it("compares malformed arguments as they are: equal when identical, never equal to a parsed object", () => {
    const raw = call("bash", '{"command": "ls /"'); // cut short: the harness kept the text
    expect(firstDivergence([turn("x", raw)], [turn("x", { ...raw })])).toMatchObject({ kind: "same" });
    const d = firstDivergence([turn("x", raw)], [turn("x", call("bash", { command: "ls /" }))]);
    expect(d).toMatchObject({ kind: "diverge", turn: 1, call: 1 });
    expect(divergenceSentence(d)).toBe(
      'They diverge at turn 1: a calls bash "{\\"command\\": \\"ls /\\"", b calls bash {"command":"ls /"}.',
    );
    // Other non-object values (null, a number, an array) and a missing call list (an imported turn).
    expect(firstDivergence([turn("x", call("t", null))], [turn("x", call("t", null))]).kind).toBe("same");
    expect(firstDivergence([turn("x", call("t", [1, 2]))], [turn("x", call("t", [2, 1]))]).kind).toBe("diverge");
    expect(firstDivergence([{ text: "x" }], [{ text: "x", toolCalls: [] }]).kind).toBe("same");
  });

  it("cuts long arguments in the sentence", () => {
    const long = call("write_file", { path: "/a", content: "y".repeat(500) });
    const s = divergenceSentence(firstDivergence([turn("x", long)], [turn("x", ls)]));
    expect(s).toContain(
      `a calls write_file ${JSON.stringify({ content: "y".repeat(500), path: "/a" }).slice(0, ARGS_IN_SENTENCE)}…,`,
    );
  });
});

describe("pairRuns", () => {
  const run = (id: string, sessionId: string, repeat: number, side: "a" | "b" | "ab"): SideRun => ({
    id,
    sessionId,
    repeat,
    inA: side.includes("a"),
    inB: side.includes("b"),
  });

  it("lists the repeats, shows the one asked for, and falls back to the first", () => {
    const runs = [run("a1", "s1", 1, "a"), run("b1", "s1", 1, "b"), run("a2", "s1", 2, "a"), run("b3", "s1", 3, "b")];
    const p = pairRuns(runs, { repeat: 2, sameSessions: true });
    expect(p.repeats).toEqual([1, 2, 3]);
    expect(p.repeat).toBe(2);
    expect(p.a.run?.id).toBe("a2");
    expect(p.b).toEqual({ run: null, candidates: [] });
    expect(pairRuns(runs, { repeat: 9, sameSessions: true }).repeat).toBe(1);
    expect(pairRuns([], { sameSessions: true })).toEqual({
      repeats: [],
      repeat: null,
      a: { run: null, candidates: [] },
      b: { run: null, candidates: [] },
    });
  });

  it("with several sessions, pairs within a session both sides have, or takes the chosen run", () => {
    // Newest session first: s2 has only a's run, s1 has both.
    const runs = [run("a-s2", "s2", 1, "a"), run("a-s1", "s1", 1, "a"), run("b-s1", "s1", 1, "b")];
    const p = pairRuns(runs, { sameSessions: true });
    expect([p.a.run?.id, p.b.run?.id]).toEqual(["a-s1", "b-s1"]);
    expect(p.a.candidates.map((r) => r.id)).toEqual(["a-s2", "a-s1"]);
    // Sides in different sessions (a names its session, b another): the first of each.
    expect(pairRuns(runs, { sameSessions: false }).a.run?.id).toBe("a-s2");
    const chosen = pairRuns(runs, { sameSessions: true, chosen: { a: "a-s2" } });
    expect([chosen.a.run?.id, chosen.b.run?.id]).toEqual(["a-s2", "b-s1"]);
    // A chosen id that is not a candidate is ignored.
    expect(pairRuns(runs, { sameSessions: true, chosen: { a: "nope" } }).a.run?.id).toBe("a-s1");
  });

  it("puts a config compared with itself on both sides", () => {
    const p = pairRuns([run("x", "s1", 1, "ab")], { sameSessions: true });
    expect([p.a.run?.id, p.b.run?.id]).toEqual(["x", "x"]);
  });
});
