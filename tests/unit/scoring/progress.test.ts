import { describe, expect, it } from "vitest";
import { progress } from "@/domain/scoring";
import type { Milestone } from "@/domain/suite/schema";
import { call, del, task, traceWithCalls, turn, write, ws } from "./build";

const milestones: Milestone[] = [
  { id: "searched", label: "searched", check: { kind: "call_regex", tool: "bash", pattern: "grep", ok: true } },
  { id: "todo", label: "todo written", check: { kind: "new_line", path: "/todo.md", pattern: "dentist" } },
  { id: "cleanup", label: "scratch removed", check: { kind: "file_absent", path: "/scratch.md" } },
];
const t = task({ workspace: ws({ "/todo.md": "- milk", "/scratch.md": "tmp" }), milestones });

describe("progress", () => {
  it("no calls: empty trajectory, zero reached", () => {
    expect(progress(t, traceWithCalls([]))).toEqual({
      progress: [],
      milestonesReached: 0,
      milestonesTotal: 3,
      milestoneCalls: [null, null, null],
    });
  });

  it("a task without milestones still has one entry per call", () => {
    const r = progress(task(), traceWithCalls([call("a", {}), call("b", {})]));
    expect(r).toEqual({ progress: [0, 0], milestonesReached: 0, milestonesTotal: 0, milestoneCalls: [] });
  });

  it("only failed calls reach nothing", () => {
    const calls = [
      call("bash", { command: "grep dentist" }, false),
      call("bash", { command: "grep -r dentist" }, false),
    ];
    expect(progress(t, traceWithCalls(calls))).toEqual({
      progress: [0, 0],
      milestonesReached: 0,
      milestonesTotal: 3,
      milestoneCalls: [null, null, null],
    });
  });

  it("counts milestones by the first call where each passes", () => {
    const calls = [
      call("bash", { command: "ls" }),
      call("bash", { command: "grep -r dentist /" }),
      call("bash", { command: "echo" }, true, { changes: [write("/todo.md", "- milk\n- dentist")] }),
      call("bash", { command: "rm /scratch.md" }, true, { changes: [del("/scratch.md")] }),
    ];
    const r = progress(t, traceWithCalls(calls));
    expect(r.progress).toEqual([0, 1, 2, 3]);
    // Which call reached each milestone, in the task's milestone order (1-based calls).
    expect(r.milestoneCalls).toEqual([2, 3, 4]);
  });

  it("a milestone stays reached after a later call undoes it", () => {
    const calls = [
      call("w", {}, true, { changes: [write("/todo.md", "- milk\n- dentist")] }),
      call("w", {}, true, { changes: [write("/todo.md", "- milk")] }),
    ];
    expect(progress(t, traceWithCalls(calls))).toEqual({
      progress: [1, 1],
      milestonesReached: 1,
      milestonesTotal: 3,
      milestoneCalls: [null, 1, null],
    });
  });

  it("delete and recreate within the run is replayed in order", () => {
    const tt = task({ workspace: ws({ "/todo.md": "- milk" }), milestones: [milestones[1]] });
    const calls = [
      call("rm", {}, true, { changes: [del("/todo.md")] }),
      // the seed's todo.md had "- milk": a recreated file is compared with the seed, not the deleted one
      call("w", {}, true, { changes: [write("/todo.md", "- milk")] }),
      call("w", {}, true, { changes: [del("/todo.md"), write("/todo.md", "- dentist")] }),
    ];
    expect(progress(tt, traceWithCalls(calls)).progress).toEqual([0, 0, 1]);
  });

  it("unicode paths", () => {
    const tt = task({
      milestones: [{ id: "m", label: "m", check: { kind: "file_regex", path: "/メモ/歯医者.md", pattern: "火曜" } }],
    });
    const calls = [call("w", {}, true, { changes: [write("/メモ/歯医者.md", "火曜日 10時")] })];
    expect(progress(tt, traceWithCalls(calls)).progress).toEqual([1]);
  });

  it("the reply is empty mid-run, so a reply milestone is never reached", () => {
    const tt = task({
      milestones: [
        { id: "r", label: "r", check: { kind: "word_count", of: "reply", max: 0 } },
        { id: "s", label: "s", check: { kind: "reply_regex", pattern: "x" } },
      ],
    });
    const r = progress(tt, traceWithCalls([call("a", {})], { reply: "x" }));
    expect(r.progress).toEqual([1]);
  });

  it("calls spread over turns are counted in order", () => {
    const tt = task({ milestones: [milestones[0]] });
    const trace = traceWithCalls([]);
    trace.turns = [
      turn({ toolCalls: [call("bash", { command: "ls" }), call("bash", { command: "cat" })] }),
      turn({ text: "thinking" }),
      turn({ toolCalls: [call("bash", { command: "grep x" })] }),
    ];
    expect(progress(tt, trace).progress).toEqual([0, 0, 1]);
  });
});
