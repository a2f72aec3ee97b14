import { describe, expect, it } from "vitest";
import {
  CALLS_CSV_HEADER,
  TURNS_CSV_HEADER,
  callLines,
  filesChanged,
  turnLines,
  type StoredRunTrace,
} from "@/domain/export";

const trace: StoredRunTrace = {
  turns: [
    {
      promptTokens: 60,
      contextTokens: 1200,
      ttftMs: 480,
      outputTokens: 30,
      decodeMs: 1500,
      toolCalls: [
        { name: "read_file", args: { path: "/notes/a.md" }, ok: true, ms: 12 },
        {
          name: "write_file",
          args: { path: "/todo.md", content: 'say "hi", then =SUM(A1)' },
          ok: false,
          changes: [{ path: "/todo.md" }, { path: "/b.md" }, { path: "/todo.md" }],
        },
      ],
    },
    { promptTokens: 20, contextTokens: 1350, ttftMs: 300, outputTokens: 8, decodeMs: 400, toolCalls: [] },
  ],
};

describe("turns.csv rows", () => {
  it("has the documented header", () => {
    expect(TURNS_CSV_HEADER).toBe(
      "run_id,turn,prompt_tokens,context_tokens,ttft_ms,output_tokens,decode_ms,tool_calls\r\n",
    );
  });
  it("writes one line per turn, turns counted from 1, with the turn's number of calls", () => {
    expect(turnLines("run_1", trace)).toBe("run_1,1,60,1200,480,30,1500,2\r\nrun_1,2,20,1350,300,8,400,0\r\n");
  });
  it("leaves the call count empty for an imported run, which does not say which turn made which call", () => {
    const imported: StoredRunTrace = {
      imported: true,
      turns: [{ promptTokens: 5, contextTokens: 6, ttftMs: 7, outputTokens: 8, decodeMs: 9 }],
      toolCalls: [],
    };
    expect(turnLines("r", imported)).toBe("r,1,5,6,7,8,9,\r\n");
  });
});

describe("calls.csv rows", () => {
  it("has the documented header", () => {
    expect(CALLS_CSV_HEADER).toBe("run_id,turn,call,tool,args,ok,ms,files_changed\r\n");
  });
  it("numbers calls across the run, quotes JSON args per RFC 4180 and lists each changed file once", () => {
    expect(callLines("run_1", trace)).toBe(
      'run_1,1,1,read_file,"{""path"":""/notes/a.md""}",true,12,\r\n' +
        'run_1,1,2,write_file,"{""path"":""/todo.md"",""content"":""say \\""hi\\"", then =SUM(A1)""}",false,,/todo.md;/b.md\r\n',
    );
  });
  it("neutralises a tool name a spreadsheet would read as a formula", () => {
    const hostile: StoredRunTrace = {
      turns: [
        {
          promptTokens: 1,
          contextTokens: 1,
          ttftMs: 1,
          outputTokens: 1,
          decodeMs: 1,
          toolCalls: [{ name: "=HYPERLINK(1)", args: null, ok: true }],
        },
      ],
    };
    expect(callLines("r", hostile)).toBe("r,1,1,'=HYPERLINK(1),null,true,,\r\n");
  });
  it("keeps an imported run's calls in order without turns or files", () => {
    const imported: StoredRunTrace = {
      imported: true,
      turns: [],
      toolCalls: [
        { name: "ls", args: {}, ok: true, ms: 3 },
        { name: "cat", args: "bad", ok: false },
      ],
    };
    expect(callLines("r", imported)).toBe('r,,1,ls,{},true,3,\r\nr,,2,cat,"""bad""",false,,\r\n');
  });
  it("lists distinct changed paths in first-touched order", () => {
    expect(
      filesChanged({ name: "w", args: {}, ok: true, changes: [{ path: "/b" }, { path: "/a" }, { path: "/b" }] }),
    ).toBe("/b;/a");
  });
});
