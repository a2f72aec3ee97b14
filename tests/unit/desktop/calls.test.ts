import { describe, expect, it } from "vitest";
import { replyCalls } from "@/desktop/calls";

const tc = (id: string, name: string, args: string) => ({
  id,
  type: "function" as const,
  function: { name, arguments: args },
});

describe("calls of one reply", () => {
  it("takes tool_calls first, then calls in the text, with ids for the text ones", () => {
    const r = replyCalls(
      { content: 'also read_file(path="/b")', toolCalls: [tc("x1", "bash", '{"command":"ls"}')] },
      ["bash", "read_file"],
      3,
    );
    expect(r.calls).toEqual([
      { id: "x1", name: "bash", args: { command: "ls" } },
      { id: "call_3_0", name: "read_file", args: { path: "/b" } },
    ]);
    expect(r.text).toBe("also");
  });

  it("runs a call once when the server returns it in tool_calls and leaves its syntax in the text", () => {
    const r = replyCalls(
      {
        content: '<|tool_call>call:bash{command:<|"|>ls<|"|>}<tool_call|>',
        toolCalls: [tc("x1", "bash", '{ "command": "ls" }')],
      },
      ["bash"],
      1,
    );
    expect(r.calls).toEqual([{ id: "x1", name: "bash", args: { command: "ls" } }]);
  });

  it("empty arguments are an empty object; arguments that are not JSON are a problem", () => {
    const r = replyCalls(
      { content: "", toolCalls: [tc("a", "list_files", ""), tc("b", "bash", "{oops"), tc("c", "", "{}")] },
      ["bash"],
      1,
    );
    expect(r.calls).toEqual([{ id: "a", name: "list_files", args: {} }]);
    expect(r.problems.map((p) => [p.name, p.message])).toEqual([
      ["bash", "the arguments are not valid JSON"],
      [null, "the tool call has no name"],
    ]);
  });
});
