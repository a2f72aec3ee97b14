import { describe, expect, it } from "vitest";
import { outcome } from "@/domain/scoring";
import type { EndReason, ToolCall } from "@/domain/protocol";
import type { Outcome } from "@/domain/scoring";
import { call } from "./build";

const okCall = call("bash", { command: "ls /" }, true, { result: "notes" });
const badCall = call("bash", { command: "cat /notes/dentist.md" }, false, {
  result: "cat: /notes/dentist.md: No such file or directory\n",
});

type Case = [string, EndReason, boolean, ToolCall[], string, Outcome];

describe("outcome rules, first that applies", () => {
  const cases: Case[] = [
    // 1. crashed beats everything, including a pass
    ["crash", "crash", false, [okCall], "", "crashed"],
    ["timeout even when passed", "timeout", true, [okCall], "", "crashed"],
    ["cancelled", "cancelled", false, [], "Could you tell me?", "crashed"],
    // 2. context_full before tool_limit and pass
    ["context_full even when passed", "context_full", true, [okCall], "", "context_full"],
    // 3. tool_limit / turn_limit before pass
    ["tool_limit with a pass stays tool_limit", "tool_limit", true, [okCall], "done", "tool_limit"],
    ["turn_limit maps to tool_limit", "turn_limit", false, [badCall], "I can't", "tool_limit"],
    // 4. finished
    ["passed", "stop", true, [badCall], "I can't do that?", "finished"],
    // 5. asked_instead: no successful call and a question
    ["no calls, question mark", "stop", false, [], "Which dentist do you mean?  ", "asked_instead"],
    ["only failed calls, could you", "stop", false, [badCall], "Could you share the file name.", "asked_instead"],
    ["please provide", "stop", false, [], "Please provide the date.", "asked_instead"],
    ["let me know", "stop", false, [], "Let me know when.", "asked_instead"],
    ["a successful call rules out asking", "stop", false, [okCall], "Which one?", "wrong_result"],
    ["'can you' inside 'scan you' is not a word match", "stop", false, [], "I will scan your notes.", "wrong_result"],
    // 6. gave_up
    ["last call failed", "stop", false, [okCall, badCall], "Here you go.", "gave_up"],
    ["reply says unable to", "stop", false, [okCall], "I was unable to find it.", "gave_up"],
    ["don't have access", "stop", false, [okCall], "I don't have access to your calendar.", "gave_up"],
    ["failed earlier, succeeded last", "stop", false, [badCall, okCall], "Done.", "wrong_result"],
    // 5 before 6: a question after only failed calls is asking, not giving up
    ["question after only failed calls", "stop", false, [badCall], "I couldn't read it. Where is it?", "asked_instead"],
    // 7. wrong_result
    ["normal end, checks fail", "stop", false, [okCall], "All done!", "wrong_result"],
    ["no calls, no question", "stop", false, [], "Done.", "wrong_result"],
  ];
  it.each(cases)("%s", (_n, reason, passed, calls, reply, expected) => {
    expect(outcome({ end: { reason }, reply }, passed, calls).outcome).toBe(expected);
  });
});

describe("outcome reasons", () => {
  it.each([
    [{ reason: "timeout" as const }, true, [], "", "crashed: end reason timeout"],
    [{ reason: "crash" as const, detail: "out of memory" }, false, [], "", "crashed: end reason crash (out of memory)"],
    [{ reason: "context_full" as const }, false, [], "", "context full: the runtime could not ingest more input"],
    [
      { reason: "tool_limit" as const },
      true,
      [okCall],
      "",
      "hit the tool-call limit (end reason tool_limit); the checks pass",
    ],
    [
      { reason: "turn_limit" as const },
      false,
      [okCall],
      "",
      "hit the turn limit (end reason turn_limit); the checks fail",
    ],
    [{ reason: "stop" as const }, true, [], "", "finished: every check passes"],
    [
      { reason: "stop" as const },
      false,
      [],
      "Which one?",
      "asked instead: no tool was called and the reply ends with a question",
    ],
    [
      { reason: "stop" as const },
      false,
      [badCall],
      "Could you check",
      "asked instead: no tool call succeeded and the reply says `Could you`",
    ],
    [
      { reason: "stop" as const },
      false,
      [okCall, badCall],
      "",
      "gave up: the last call `cat /notes/dentist.md` failed: cat: /notes/dentist.md: No such file or directory",
    ],
    [
      { reason: "stop" as const },
      false,
      [call("read_file", { path: "/x" }, false)],
      "ok",
      'gave up: the last call `read_file {"path":"/x"}` failed',
    ],
    [{ reason: "stop" as const }, false, [okCall], "Sorry, I cannot do that.", "gave up: the reply says `cannot`"],
  ])("%j passed=%s → %s", (end, passed, calls, reply, sentence) => {
    expect(outcome({ end, reply }, passed, calls as ToolCall[]).outcomeReason).toBe(sentence);
  });

  it("wrong_result names the failing checks when given", () => {
    const r = outcome(
      { end: { reason: "stop" }, reply: "Done." },
      false,
      [okCall],
      [
        { id: "c1", passed: true, reason: "`/a` exists" },
        { id: "todo", passed: false, reason: "`/todo.md` has no new line matching `dentist`" },
      ],
    );
    expect(r).toEqual({
      outcome: "wrong_result",
      outcomeReason:
        "wrong result: the run ended normally but the checks fail: todo: `/todo.md` has no new line matching `dentist`",
    });
  });
});
