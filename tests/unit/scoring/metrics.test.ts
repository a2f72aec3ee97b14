import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hasToolCallSyntax, median, metrics } from "@/domain/scoring";
import { call, trace, turn } from "./build";

describe("metrics", () => {
  it("counts calls, failures, tokens and context events; median of ttft+decode", () => {
    const t = trace({
      load: { startupTokens: 420, ms: 2500 },
      peakContextTokens: 1536,
      turns: [
        turn({ ttftMs: 300, decodeMs: 1000, outputTokens: 40, toolCalls: [call("a", {}), call("b", {}, false)] }), // 1300
        turn({
          ttftMs: 100,
          decodeMs: 100,
          outputTokens: 5,
          contextEvents: [{ kind: "elide", tokensBefore: 9, tokensAfter: 5 }],
        }), // 200
        turn({
          ttftMs: 200,
          decodeMs: 700,
          outputTokens: 15,
          toolCalls: [call("c", {}, false)],
          contextEvents: [
            { kind: "elide", tokensBefore: 9, tokensAfter: 5 },
            { kind: "recall", tokensBefore: 5, tokensAfter: 7 },
          ],
        }), // 900
      ],
    });
    expect(metrics(t, 2048)).toEqual({
      toolCalls: 3,
      failedToolCalls: 2,
      turns: 3,
      firstTtftMs: 300,
      medianTurnMs: 900,
      loadMs: 2500,
      startupTokens: 420,
      peakContextTokens: 1536,
      peakContextShare: 0.75,
      outputTokens: 60,
      contextEvents: { elide: 2, summarize: 0, recall: 1, overflow: 0 },
      unparsedCallTurns: 0,
    });
  });

  it("no turns: nulls for per-turn timings, zeros for counts", () => {
    const m = metrics(trace({ turns: [] }), null);
    expect(m.firstTtftMs).toBeNull();
    expect(m.medianTurnMs).toBeNull();
    expect(m.peakContextShare).toBeNull();
    expect(m.turns).toBe(0);
    expect(m.outputTokens).toBe(0);
  });

  it("even number of turns: mean of the middle two", () => {
    const t = trace({
      turns: [
        turn({ ttftMs: 0, decodeMs: 10 }),
        turn({ ttftMs: 0, decodeMs: 40 }),
        turn({ ttftMs: 0, decodeMs: 20 }),
        turn({ ttftMs: 0, decodeMs: 100 }),
      ],
    });
    expect(metrics(t, 0).medianTurnMs).toBe(30);
    expect(metrics(t, 0).peakContextShare).toBeNull();
  });

  it.each([
    [[], null],
    [[5], 5],
    [[3, 1, 2], 2],
    [[4, 1, 3, 2], 2.5],
  ])("median(%j) = %s", (xs, m) => {
    expect(median(xs)).toBe(m);
  });

  it("counts turns with call syntax but no executed call", () => {
    const t = trace({
      turns: [
        turn({ text: '<|tool_call>call:bash{command:<|"|>ls<|"|>}<tool_call|>' }), // Gemma token: unparsed
        turn({ text: 'call:read_file{path: "/a"}' }), // Gemma call form without the token: unparsed
        turn({ text: '{"name": "bash", "arguments": {"command": "ls"}}' }), // JSON tool object: unparsed
        turn({ text: 'read_file("/notes/a.md")' }), // python-style: unparsed
        turn({ text: "call:bash{command: ls}", toolCalls: [call("bash", { command: "ls" })] }), // parsed: not counted
        turn({ text: "Your appointment is on Tuesday (10am)." }), // prose: not counted
        turn({ text: "Use print(x) to debug." }), // unknown name( is prose, not a call
      ],
    });
    expect(metrics(t, 2048).unparsedCallTurns).toBe(4);
  });

  it.each([
    ["<|tool_call>", true],
    ["call:update_plan{steps:[]}", true],
    ['{ "name" : "x" }', true],
    ["bash(ls)", true],
    ["mybash(ls)", false],
    ["the bash (shell) tool", false],
    ["recall: nothing", false],
    ['{"names": 1}', false],
  ])("hasToolCallSyntax(%j) = %s", (text, yes) => {
    expect(hasToolCallSyntax(text)).toBe(yes);
  });

  it("answers as the lookbehind regex it replaced, on text made of names, brackets, dots and prose", () => {
    const names = ["bash", "read_file", "file", "update_plan"];
    const escape = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const reference = (text: string) =>
      text.includes("<|tool_call>") ||
      /\bcall:[A-Za-z_][\w.-]*\s*\{/.test(text) ||
      /\{\s*"name"\s*:/.test(text) ||
      new RegExp(`(?<![\\w.])(?:${names.map(escape).join("|")})\\(`).test(text);
    const piece = fc.constantFrom(...names, "(", ")", ".", "_", "x", " ", "\n", "call:", "{", '"name"', ":", "é", "my");
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 12 }).map((p) => p.join("")),
        (text) => {
          expect(hasToolCallSyntax(text, names)).toBe(reference(text));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("name( uses the given tool names", () => {
    expect(hasToolCallSyntax("lookup(x)", ["lookup"])).toBe(true);
    expect(hasToolCallSyntax("bash(x)", ["lookup"])).toBe(false);
  });
});
