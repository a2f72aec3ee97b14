import { describe, expect, it } from "vitest";
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
