import { describe, expect, it } from "vitest";
import { foldBrief, milestoneLabels, repeatsOf, turnRows } from "@/domain/trace";
import type { Milestone, Task } from "@/domain/suite/schema";
import { applyChanges, evaluateCheck, progress } from "@/domain/scoring";
import { call, turn, write, ws } from "../scoring/build";

const milestones: Milestone[] = [
  {
    id: "searched",
    label: "searched the notes",
    check: { kind: "call_regex", tool: "bash", pattern: "grep", ok: true },
  },
  { id: "todo", label: "todo written", check: { kind: "new_line", path: "/todo.md", pattern: "dentist" } },
];
const seed = ws({ "/todo.md": "- milk\n" });

describe("repeatsOf", () => {
  it("points each repeated call at the first identical one; key order in args does not matter", () => {
    const calls = [
      call("ls", { a: 1, b: 2 }),
      call("cat", {}),
      call("ls", { b: 2, a: 1 }),
      call("ls", { a: 1, b: 3 }),
      call("ls", { a: 1, b: 2 }),
    ];
    expect(repeatsOf(calls)).toEqual([null, null, 1, null, 1]);
  });
});

describe("progress().milestoneCalls and milestoneLabels", () => {
  const judge = (calls: ReturnType<typeof call>[]) =>
    progress({ workspace: seed, milestones } as unknown as Task, { turns: [turn({ toolCalls: calls })] });

  it("the scorer keeps the call that first reached each milestone; the page labels that call", () => {
    const calls = [
      call("bash", { command: "ls" }),
      call("bash", { command: "grep -r dentist /" }),
      call("bash", { command: "grep again" }),
      call("write_file", {}, true, { changes: [write("/todo.md", "- milk\n- dentist\n")] }),
    ];
    const p = judge(calls);
    expect(p.progress).toEqual([0, 1, 1, 2]);
    expect(p.milestoneCalls).toEqual([2, 4]);
    expect(milestoneLabels(milestones, p.milestoneCalls, calls.length)).toEqual([
      [],
      ["searched the notes"],
      [],
      ["todo written"],
    ]);
  });

  it("gives what judging every milestone after every call gives, on random traces", () => {
    const everyCall = (calls: ReturnType<typeof call>[]) => {
      const states = applyChanges(seed, calls);
      const reached = new Set<number>();
      return states.map((workspace, i) =>
        milestones.flatMap((m, j) => {
          if (
            reached.has(j) ||
            !evaluateCheck(m.check, { workspace, seed, reply: "", calls: calls.slice(0, i + 1) }, m.id).passed
          )
            return [];
          reached.add(j);
          return [m.label];
        }),
      );
    };
    const pool = [
      call("bash", { command: "ls" }),
      call("bash", { command: "grep -r dentist /" }),
      call("bash", { command: "grep x" }, false),
      call("write_file", {}, true, { changes: [write("/todo.md", "- milk\n- dentist\n")] }),
      call("write_file", {}, true, { changes: [write("/todo.md", "- milk\n")] }),
    ];
    let state = 7;
    for (let trial = 0; trial < 200; trial++) {
      const calls = Array.from(
        { length: 1 + (trial % 9) },
        () => pool[(state = (state * 1103515245 + 12345) % 2 ** 31) % pool.length],
      );
      expect(milestoneLabels(milestones, judge(calls).milestoneCalls, calls.length)).toEqual(everyCall(calls));
    }
  });

  it("labels nothing for a score that did not keep the calls (imported, unscorable, or older)", () => {
    expect(milestoneLabels(milestones, null, 2)).toEqual([[], []]);
    expect(milestoneLabels(milestones, [], 2)).toEqual([[], []]);
    // A stored call number past the trace's calls (a hand-edited score) is ignored, not a crash.
    expect(milestoneLabels(milestones, [3, null], 2)).toEqual([[], []]);
  });
});

describe("turnRows", () => {
  const turns = [
    turn({
      promptTokens: 45,
      contextTokens: 512,
      ttftMs: 320,
      outputTokens: 40,
      decodeMs: 2000,
      text: "one",
      toolCalls: [call("bash", { command: "grep x" })],
    }),
    turn({ contextTokens: 1024, outputTokens: 10, decodeMs: 0, text: "two", toolCalls: [] }),
    turn({
      text: "three",
      contextEvents: [{ kind: "elide", tokensBefore: 1800, tokensAfter: 1200 }],
      toolCalls: [
        call("bash", { command: "grep x" }),
        call("write_file", { path: "/todo.md" }, false, {
          result: "denied",
          ms: 4,
          changes: [write("/todo.md", "- milk\n- dentist\n")],
        }),
      ],
    }),
  ];
  const rows = turnRows({ turns, contextWindow: 2048, progress: [1, 1, 2], seed, milestones, milestoneCalls: [1, 3] });

  it("numbers turns and calls across the run and assigns calls to their turns", () => {
    expect(rows.map((r) => [r.n, r.calls.map((c) => c.n)])).toEqual([
      [1, [1]],
      [2, []],
      [3, [2, 3]],
    ]);
  });

  it("computes speed and context share per turn", () => {
    expect(rows[0].tokensPerSecond).toBe(20);
    expect(rows[0].contextFraction).toBe(0.25);
    expect(rows[1].tokensPerSecond).toBeNull();
    expect(rows[1].contextFraction).toBe(0.5);
    expect(rows[2].contextEvents).toEqual([{ kind: "elide", tokensBefore: 1800, tokensAfter: 1200 }]);
  });

  it("flags the repeated call, reads progress per call and labels milestones", () => {
    const [c1, c2, c3] = rows.flatMap((r) => r.calls);
    expect([c1.repeatOf, c2.repeatOf, c3.repeatOf]).toEqual([null, 1, null]);
    expect([c1.progress, c2.progress, c3.progress]).toEqual([1, 1, 2]);
    expect(c1.reached).toEqual(["searched the notes"]);
    expect(c3.reached).toEqual(["todo written"]);
    expect(c3).toMatchObject({ ok: false, result: "denied", ms: 4 });
    expect(c3.deltas).toEqual([
      { path: "/todo.md", status: "changed", before: "- milk\n", after: "- milk\n- dentist\n" },
    ]);
  });

  it("without a task (an imported run): no deltas or labels, progress still read", () => {
    const r = turnRows({
      turns,
      contextWindow: null,
      progress: [0, 1],
      seed: null,
      milestones: [],
      milestoneCalls: null,
    });
    const calls = r.flatMap((t) => t.calls);
    expect(calls.map((c) => c.progress)).toEqual([0, 1, null]);
    expect(calls.every((c) => c.deltas.length === 0 && c.reached.length === 0)).toBe(true);
    expect(r[0].contextFraction).toBeNull();
  });

  it("turns without texts or calls (imported) still shape", () => {
    const r = turnRows({
      turns: [{ promptTokens: 1, contextTokens: 2, ttftMs: 3, outputTokens: 4, decodeMs: 5 }],
      contextWindow: 4,
      progress: [],
      seed: null,
      milestones: [],
      milestoneCalls: null,
    });
    expect(r[0]).toMatchObject({ n: 1, text: null, calls: [], contextFraction: 0.5, tokensPerSecond: 800 });
  });
});

describe("foldBrief", () => {
  it("folds runs of brief calls with the same tool and outcome into one line, keeping calls in full as they are", () => {
    const row = (n: number, name: string, ok: boolean, brief: boolean, reached: string[] = []) => ({
      n,
      name,
      args: null,
      ok,
      result: null,
      ms: null,
      repeatOf: null,
      deltas: [],
      progress: null,
      reached,
      brief,
    });
    const folded = foldBrief([
      row(1, "bash", true, false),
      row(2, "bash", true, true),
      row(3, "bash", true, true, ["todo written"]),
      row(4, "bash", false, true),
      row(5, "read_file", false, true),
      row(6, "read_file", false, true),
    ]);
    expect(folded.map((c) => ("from" in c ? `${c.from}-${c.to} ${c.name} ${c.ok} [${c.reached}]` : `#${c.n}`))).toEqual(
      ["#1", "2-3 bash true [todo written]", "4-4 bash false []", "5-6 read_file false []"],
    );
  });
});
