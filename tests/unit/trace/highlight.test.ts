import { describe, expect, it } from "vitest";
import { toolCallSpans } from "@/domain/trace";

describe("toolCallSpans", () => {
  it("finds Gemma's token-wrapped call between prose", () => {
    const text = 'Let me look.<|tool_call>call:bash{command:<|"|>ls /<|"|>}<tool_call|> done';
    expect(toolCallSpans(text)).toEqual([
      { kind: "text", text: "Let me look." },
      { kind: "call", text: '<|tool_call>call:bash{command:<|"|>ls /<|"|>}<tool_call|>' },
      { kind: "text", text: " done" },
    ]);
  });

  it("runs an unclosed token to the end of the text", () => {
    expect(toolCallSpans("x <|tool_call>call:a{")).toEqual([
      { kind: "text", text: "x " },
      { kind: "call", text: "<|tool_call>call:a{" },
    ]);
  });

  it("finds a bare call:name{…} with nested braces and braces inside strings", () => {
    const text = 'ok call:write_file{path:<|"|>/a}<|"|>,meta:{n:1}} then call:x{"k":"}\\""} end';
    const spans = toolCallSpans(text);
    expect(spans[0]).toEqual({ kind: "text", text: "ok " });
    expect(spans[1]).toEqual({ kind: "call", text: 'call:write_file{path:<|"|>/a}<|"|>,meta:{n:1}}' });
    expect(spans[2]).toEqual({ kind: "text", text: " then " });
    expect(spans[3]).toEqual({ kind: "call", text: 'call:x{"k":"}\\""}' });
    expect(spans[4]).toEqual({ kind: "text", text: " end" });
  });

  it("leaves prose without call syntax as one span, and empty text as none", () => {
    expect(toolCallSpans("recall: nothing {here}")).toEqual([{ kind: "text", text: "recall: nothing {here}" }]);
    expect(toolCallSpans("")).toEqual([]);
  });

  it("two calls in a row", () => {
    const spans = toolCallSpans("<|tool_call>call:a{}<tool_call|><|tool_call>call:b{}<tool_call|>");
    expect(spans.map((s) => s.kind)).toEqual(["call", "call"]);
  });
});
