import { describe, expect, it } from "vitest";
import { scoreFixture, scoreRun } from "@/domain/scoring";
import type { Task } from "@/domain/suite/schema";
import { call, task, trace, turn, write, ws } from "./build";

const dentist: Task = task({
  workspace: ws({ "/notes/health.md": "Dentist: Tue 14 May 10:00", "/todo.md": "- [ ] milk" }),
  checks: [
    { kind: "new_line", path: "/todo.md", pattern: "- \\[ \\] .*dentist", flags: "i" },
    { kind: "file_unchanged", id: "notes-kept", path: "/notes/health.md" },
    { kind: "reply_regex", pattern: "14 May" },
  ],
  milestones: [
    { id: "read", label: "read the note", check: { kind: "call_regex", pattern: "health\\.md", ok: true } },
    {
      id: "todo",
      label: "added the todo",
      check: { kind: "new_line", path: "/todo.md", pattern: "dentist", flags: "i" },
    },
  ],
});

const right = [
  call("bash", { command: "cat /notes/health.md" }, true, { result: "Dentist: Tue 14 May 10:00" }),
  call("bash", { command: "echo '- [ ] Dentist 14 May' >> /todo.md" }, true, {
    changes: [write("/todo.md", "- [ ] milk\n- [ ] Dentist 14 May")],
  }),
];

describe("scoreRun", () => {
  it("a right run that stopped normally", () => {
    const s = scoreRun(
      dentist,
      trace({
        turns: [turn({ toolCalls: [right[0]] }), turn({ toolCalls: [right[1]] }), turn({ text: "Added." })],
        reply: "Added the dentist on 14 May.",
        workspace: ws({
          "/notes/health.md": "Dentist: Tue 14 May 10:00",
          "/todo.md": "- [ ] milk\n- [ ] Dentist 14 May",
        }),
        peakContextTokens: 1024,
      }),
      2048,
    );
    expect(s.passed).toBe(true);
    expect(s.outcome).toBe("finished");
    expect(s.endReason).toBe("stop");
    expect(s.checks.map((c) => [c.id, c.passed])).toEqual([
      ["c1", true],
      ["notes-kept", true],
      ["c3", true],
    ]);
    expect(s.progress).toEqual([1, 2]);
    expect(s.milestonesReached).toBe(2);
    expect(s.milestonesTotal).toBe(2);
    expect(s.looping).toBe(false);
    expect(s.repatches).toBe(0);
    expect(s.callPattern).toBe("cat <path> ✓ → echo >> <path> ✓ → stop");
    expect(s.callOk).toEqual([true, true]);
    expect(s.metrics.toolCalls).toBe(2);
    expect(s.metrics.turns).toBe(3);
    expect(s.metrics.peakContextShare).toBe(0.5);
  });

  it("checks use the trace's final workspace, not the replayed one", () => {
    // the calls reported no changes, but the final workspace has the line: the final state decides
    const s = scoreRun(
      dentist,
      trace({
        turns: [turn({ toolCalls: [call("bash", { command: "cat /notes/health.md" })] })],
        reply: "14 May",
        workspace: ws({ "/notes/health.md": "Dentist: Tue 14 May 10:00", "/todo.md": "- [ ] dentist" }),
      }),
      2048,
    );
    expect(s.passed).toBe(true);
    expect(s.progress).toEqual([1]);
  });

  it("a passing run at the tool limit is tool_limit with passed = true", () => {
    const s = scoreRun(
      dentist,
      trace({
        turns: [turn({ toolCalls: right }), turn({ toolCalls: [right[1]] })],
        reply: "14 May",
        end: { reason: "tool_limit" },
        workspace: ws({
          "/notes/health.md": "Dentist: Tue 14 May 10:00",
          "/todo.md": "- [ ] milk\n- [ ] Dentist 14 May",
        }),
      }),
      2048,
    );
    expect(s.passed).toBe(true);
    expect(s.outcome).toBe("tool_limit");
    expect(s.looping).toBe(true);
    expect(s.repatches).toBe(1);
  });

  it("a run that deleted the note and never replied", () => {
    const s = scoreRun(
      dentist,
      trace({
        turns: [
          turn({
            toolCalls: [
              call("bash", { command: "cat /notes/dentist.md" }, false, { result: "No such file or directory" }),
            ],
          }),
        ],
        workspace: ws({ "/todo.md": "- [ ] milk" }),
      }),
      2048,
    );
    expect(s.passed).toBe(false);
    expect(s.outcome).toBe("gave_up");
    expect(s.outcomeReason).toBe("gave up: the last call `cat /notes/dentist.md` failed: No such file or directory");
    expect(s.checks).toEqual([
      { id: "c1", passed: false, reason: "`/todo.md` has no new line matching `- \\[ \\] .*dentist` (flags `i`)" },
      { id: "notes-kept", passed: false, reason: "`/notes/health.md` was deleted" },
      { id: "c3", passed: false, reason: "reply is empty, so it does not match `14 May`" },
    ]);
    expect(s.progress).toEqual([0]);
    expect(s.milestonesReached).toBe(0);
  });
});

describe("scoreFixture", () => {
  it("judges the fixture's end state against the task's seed", () => {
    const pass = scoreFixture(dentist, {
      reply: "Done, 14 May.",
      workspace: ws({
        "/notes/health.md": "Dentist: Tue 14 May 10:00",
        "/todo.md": "- [ ] milk\r\n- [ ] dentist 14 May\r\n",
      }),
    });
    expect(pass.passed).toBe(true);
    const fail = scoreFixture(dentist, {
      reply: "Done, 14 May.",
      workspace: ws({ "/notes/health.md": "Dentist: Tue 14 May 10:00", "/todo.md": "- [ ] milk\n- [x] dentist" }),
    });
    expect(fail.passed).toBe(false);
    expect(fail.checks.filter((c) => !c.passed).map((c) => c.id)).toEqual(["c1"]);
  });

  it("uses the fixture's calls for call_regex checks; none means no calls", () => {
    const t = task({ checks: [{ kind: "call_regex", tool: "bash", pattern: "grep" }] });
    expect(scoreFixture(t, { reply: "", workspace: ws(), calls: [call("bash", { command: "grep x /" })] }).passed).toBe(
      true,
    );
    expect(scoreFixture(t, { reply: "", workspace: ws() }).passed).toBe(false);
  });
});
