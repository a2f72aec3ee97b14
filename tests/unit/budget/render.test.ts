import { describe, expect, it } from "vitest";
import { parseToolsDraft, signedTokens } from "@/domain/budget/draft";
import { estimateTokens, renderStartup, systemBlock } from "@/domain/budget/render";

const tool = { name: "bash", description: "Run a command.", parameters: { type: "object" } };

describe("renderStartup", () => {
  it("puts the system prompt into the first user turn, followed by a blank line (Gemma's first_user_prefix)", () => {
    expect(renderStartup({ systemPrompt: "Be brief.", tools: [] })).toBe("<bos><start_of_turn>user\nBe brief.\n\n");
  });

  it("appends the tool declarations as an indented JSON list after a blank line", () => {
    expect(renderStartup({ systemPrompt: "Be brief.", tools: [tool] })).toBe(
      '<bos><start_of_turn>user\nBe brief.\n\n[\n  {\n    "name": "bash",\n    "description": "Run a command.",\n    "parameters": {\n      "type": "object"\n    }\n  }\n]\n\n',
    );
  });

  it("writes no prefix when there is neither a prompt nor a tool", () => {
    expect(renderStartup({ systemPrompt: "", tools: [] })).toBe("<bos><start_of_turn>user\n");
    expect(systemBlock({ systemPrompt: "", tools: [tool] }).startsWith("[\n  {")).toBe(true);
  });
});

describe("estimateTokens", () => {
  it("is characters ÷ 4 rounded up", () => {
    expect(estimateTokens("")).toBe(0);
    expect(estimateTokens("abcd")).toBe(1);
    expect(estimateTokens("abcde")).toBe(2);
  });
});

describe("parseToolsDraft", () => {
  it("reads a JSON list of tool definitions; an empty box is no tools", () => {
    expect(parseToolsDraft(JSON.stringify([tool]))).toEqual({ ok: true, tools: [tool] });
    expect(parseToolsDraft("  ")).toEqual({ ok: true, tools: [] });
  });
  it("says what is wrong with invalid JSON or a wrong shape", () => {
    const broken = parseToolsDraft('[{"name": "bash",');
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.message).toMatch(/^The tool definitions are not valid JSON/);
    const shape = parseToolsDraft('[{"name": "bash"}]');
    expect(!shape.ok && shape.message).toMatch(/at 0\.description/);
    expect(!parseToolsDraft('{"name": "bash"}').ok).toBe(true);
  });
  it("signs token differences", () => {
    expect([signedTokens(213), signedTokens(-1051), signedTokens(0)]).toEqual(["+213", "−1,051", "0"]);
  });
});
