import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { parseTextCalls, problemObservation, renderGemmaCall } from "@/domain/agent/gemma-calls";
import { formatToolCall } from "@/sim/model/gemma";

const TOOLS = ["read_file", "write_file", "bash", "update_plan", "list_files"];
const parse = (t: string) => parseTextCalls(t, TOOLS);

describe("Gemma native tool calls", () => {
  it('reads the native form with <|"|> strings', () => {
    const r = parse('Let me look.\n<|tool_call>call:read_file{path:<|"|>/notes/health.md<|"|>}<tool_call|>');
    expect(r.calls).toEqual([
      {
        name: "read_file",
        args: { path: "/notes/health.md" },
        raw: '<|tool_call>call:read_file{path:<|"|>/notes/health.md<|"|>}<tool_call|>',
      },
    ]);
    expect(r.problems).toEqual([]);
    expect(r.text).toBe("Let me look.");
  });

  it('keeps quotes, braces and newlines inside <|"|> strings verbatim', () => {
    const r = parse(
      '<|tool_call>call:write_file{path:<|"|>/a.md<|"|>,content:<|"|>say "hi" {x}, \\n\nend<|"|>}<tool_call|>',
    );
    expect(r.calls[0].args).toEqual({ path: "/a.md", content: 'say "hi" {x}, \\n\nend' });
  });

  it("reads bare numbers, booleans, null, nested objects and arrays", () => {
    const r = parse(
      '<|tool_call>call:update_plan{steps:[{step:<|"|>find<|"|>,done:true},{step:<|"|>write<|"|>,done:false}],n:-2.5,x:null}<tool_call|>',
    );
    expect(r.calls[0].args).toEqual({
      steps: [
        { step: "find", done: true },
        { step: "write", done: false },
      ],
      n: -2.5,
      x: null,
    });
  });

  it("reads several calls in one reply, in order, and drops them from the text", () => {
    const r = parse(
      'First <|tool_call>call:list_files{path:<|"|>/<|"|>}<tool_call|> then <|tool_call>call:bash{command:<|"|>ls /notes<|"|>}<tool_call|> done',
    );
    expect(r.calls.map((c) => [c.name, c.args])).toEqual([
      ["list_files", { path: "/" }],
      ["bash", { command: "ls /notes" }],
    ]);
    expect(r.text).toBe("First  then  done");
  });

  it("accepts a missing closing mark", () => {
    const r = parse('<|tool_call>call:read_file{path:<|"|>/a.md<|"|>}');
    expect(r.calls).toHaveLength(1);
    expect(r.calls[0].args).toEqual({ path: "/a.md" });
  });

  it("reads unknown tool names in the marked form (the loop answers them as unknown tools)", () => {
    expect(parse('<|tool_call>call:send_email{to:<|"|>x<|"|>}<tool_call|>').calls[0].name).toBe("send_email");
  });
});

describe("lenient variants", () => {
  it.each([
    ['call:read_file{path="/a.md"}', { path: "/a.md" }],
    ["call:read_file{path: '/a.md'}", { path: "/a.md" }],
    ['call:read_file{"path": "/a.md"}', { path: "/a.md" }],
    ["call:read_file{path:/a.md}", { path: "/a.md" }],
    ['<|tool_call>read_file{path:<|"|>/a.md<|"|>}<tool_call|>', { path: "/a.md" }],
    ['read_file(path="/a.md")', { path: "/a.md" }],
    ["read_file( path = '/a.md' )", { path: "/a.md" }],
    ['read_file({"path": "/a.md"})', { path: "/a.md" }],
    ['<|tool_call>{"name": "read_file", "arguments": {"path": "/a.md"}}<tool_call|>', { path: "/a.md" }],
    ['{"name": "read_file", "arguments": "{\\"path\\": \\"/a.md\\"}"}', { path: "/a.md" }],
  ])("%s", (text, args) => {
    const r = parse(text);
    expect(r.problems).toEqual([]);
    expect(r.calls.map((c) => [c.name, c.args])).toEqual([["read_file", args]]);
  });

  it("decodes escapes in quoted strings (the worked examples write \\n)", () => {
    const r = parse('write_file(path="/k.txt", content="Firing 1: cone 6\\n", append=true)');
    expect(r.calls[0].args).toEqual({ path: "/k.txt", content: "Firing 1: cone 6\n", append: true });
  });

  it("reads Python's True/False/None and numbers", () => {
    expect(parse("call:write_file{a=True, b=False, c=None, d=12, e=0.5}").calls[0].args).toEqual({
      a: true,
      b: false,
      c: null,
      d: 12,
      e: 0.5,
    });
  });

  it("takes a date-like bare word as text, not a number", () => {
    expect(parse("call:bash{command: 2026-05-01}").calls[0].args).toEqual({ command: "2026-05-01" });
  });

  it("reads name() with no arguments as an empty object", () => {
    expect(parse("list_files()").calls[0].args).toEqual({});
  });

  it("takes bare JSON as data unless it names a tool or has arguments", () => {
    expect(parse('Her card: {"name": "Ann Lee", "phone": "0161 555 0199"}').calls).toEqual([]);
    expect(parse('Her card: {"name": "Ann Lee", "phone": "0161 555 0199"}').problems).toEqual([]);
    expect(parse('Broken data {"name": "Ann", "phone": ').problems).toEqual([]);
    expect(parse('{"name": "read_file", "path": "/a.md"}').calls.map((c) => c.name)).toEqual(["read_file"]);
    expect(parse('{"name": "send_sms", "arguments": {"to": "Ann"}}').calls.map((c) => c.name)).toEqual(["send_sms"]);
    expect(parse('{"name": "read_file", "arguments": {"path": "/a.md"').problems).toHaveLength(1);
  });

  it("does not read word( for names that are not tools", () => {
    expect(parse("I used print(x) and max(1, 2).").calls).toEqual([]);
    expect(parse("the my_read_file(x) helper").calls).toEqual([]);
  });
});

describe("unreadable calls", () => {
  it("reports an unclosed string with the call's name and keeps the syntax in the text", () => {
    const text = '<|tool_call>call:read_file{path:<|"|>/a.md}<tool_call|>';
    const r = parse(text);
    expect(r.calls).toEqual([]);
    expect(r.problems).toEqual([
      { name: "read_file", raw: text, message: 'a text value opened with <|"|> is never closed' },
    ]);
    expect(r.text).toBe(text);
  });

  it("reports missing separators and unclosed arguments", () => {
    expect(parse('call:read_file{path "/a"}').problems[0].message).toBe("expected : or = after the argument name path");
    expect(parse('read_file(path="/a"').problems[0].message).toBe("the arguments are not closed with )");
  });

  it("reads the good calls around a bad one", () => {
    const r = parse(
      '<|tool_call>call:bash{command:<|"|>ls<|"|>}<tool_call|><|tool_call>call:bash{command:ls <tool_call|><|tool_call>call:list_files{path:<|"|>/<|"|>}<tool_call|>',
    );
    expect(r.calls.map((c) => c.name)).toEqual(["bash", "list_files"]);
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0].raw).toBe("<|tool_call>call:bash{command:ls <tool_call|>");
  });

  it("tells the model what was wrong and the expected format", () => {
    const obs = problemObservation(parse('call:read_file{path "/a"}').problems, ["read_file"]);
    expect(obs).toContain("could not be read");
    expect(obs).toContain("read_file: expected : or = after the argument name path");
    expect(obs).toContain('<|tool_call>call:NAME{key:<|"|>text<|"|>,count:3}<tool_call|>');
    expect(obs).toContain("Available tools: read_file.");
  });
});

// Arguments a model can express in Gemma's syntax: identifier keys, text without the <|"|> mark.
const key = fc.stringMatching(/^[a-z_][a-z0-9_]{0,8}$/);
const text = fc.string({ maxLength: 30 }).filter((s) => !s.includes('<|"|>'));
const leaf = fc.oneof(text, fc.integer({ min: -1e6, max: 1e6 }), fc.boolean(), fc.constant(null));
const value = fc.letrec((tie) => ({
  v: fc.oneof(
    { depthSize: "small" },
    leaf,
    fc.array(tie("v"), { maxLength: 3 }),
    fc.dictionary(key, tie("v"), { maxKeys: 3 }),
  ),
})).v;
const args = fc.dictionary(key, value, { maxKeys: 4 });
const name = fc.constantFrom(...TOOLS, "send_email", "calendar.add");

describe("round trip (properties)", () => {
  it("render then parse gives back the name and arguments", () => {
    fc.assert(
      fc.property(name, args, (n, a) => {
        const r = parseTextCalls(renderGemmaCall(n, a), TOOLS);
        expect(r.problems).toEqual([]);
        expect(r.calls).toEqual([{ name: n, args: a, raw: renderGemmaCall(n, a) }]);
      }),
    );
  });

  it("the simulated phone's rendering parses back too", () => {
    fc.assert(
      fc.property(name, args, (n, a) => {
        expect(parseTextCalls(formatToolCall(n, a), TOOLS).calls.map((c) => c.args)).toEqual([a]);
      }),
    );
  });

  it("several calls with prose between them all come back in order", () => {
    const prose = fc.string({ maxLength: 20 }).filter((s) => !/[<{(:"]/.test(s));
    fc.assert(
      fc.property(fc.array(fc.tuple(prose, name, args), { minLength: 1, maxLength: 4 }), (parts) => {
        const textIn = parts.map(([p, n, a]) => p + renderGemmaCall(n, a)).join("");
        const r = parseTextCalls(textIn, []);
        expect(r.calls.map((c) => [c.name, c.args])).toEqual(parts.map(([, n, a]) => [n, a]));
      }),
    );
  });

  it("parenthesised calls with JSON-quoted text parse back", () => {
    const flat = fc.dictionary(key, fc.oneof(fc.string({ maxLength: 30 }), fc.integer(), fc.boolean()), { maxKeys: 4 });
    fc.assert(
      fc.property(fc.constantFrom(...TOOLS), flat, (n, a) => {
        const rendered = `${n}(${Object.entries(a)
          .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
          .join(", ")})`;
        expect(parseTextCalls(rendered, TOOLS).calls.map((c) => c.args)).toEqual([a]);
      }),
    );
  });

  it("never throws on arbitrary text", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (s) => {
        const r = parseTextCalls(`<|tool_call>call:bash{${s}` + s, TOOLS);
        expect(r.calls.length + r.problems.length).toBeGreaterThan(0);
      }),
    );
  });
});

describe("hostile keys", () => {
  it("keeps __proto__ as a plain key", () => {
    const r = parseTextCalls("call:bash{__proto__:{polluted:1}}", TOOLS);
    expect(Object.keys(r.calls[0].args as object)).toEqual(["__proto__"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
