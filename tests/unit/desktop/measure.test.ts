import { describe, expect, it } from "vitest";
import { measureReply } from "@/desktop/measure";
import type { Completion } from "@/desktop/openai";

const base: Completion = {
  content: "abcdefghij",
  toolCalls: [],
  finishReason: "stop",
  usage: { promptTokens: 500, completionTokens: 12 },
  timings: null,
  streamed: true,
  sentAt: 1000,
  firstAt: 1320,
  lastAt: 1920,
  doneAt: 1950,
};
const input = { heldBefore: 455, newEstimate: 40, usedEstimate: 495, compacted: false };

describe("measureReply", () => {
  it("streamed with usage: new tokens are the growth of the prompt", () => {
    expect(measureReply({ c: base, ...input })).toEqual({
      promptTokens: 45,
      contextTokens: 500,
      ttftMs: 320,
      outputTokens: 12,
      decodeMs: 600,
      timingSource: "client",
      estimated: false,
    });
  });

  it("prefers llama.cpp's evaluated prompt tokens (cache excluded)", () => {
    expect(measureReply({ c: { ...base, timings: { promptN: 31 } }, ...input }).promptTokens).toBe(31);
  });

  it("after compaction without timings the new tokens are the estimate", () => {
    expect(measureReply({ c: base, ...input, compacted: true })).toMatchObject({
      promptTokens: 40,
      contextTokens: 500,
      estimated: true,
    });
  });

  it("without usage everything token-like is estimated", () => {
    // "abcdefghij" is 10 characters: ceil(10 / 4) = 3 tokens.
    expect(measureReply({ c: { ...base, usage: null }, ...input })).toEqual({
      promptTokens: 40,
      contextTokens: 495,
      ttftMs: 320,
      outputTokens: 3,
      decodeMs: 600,
      timingSource: "client",
      estimated: true,
    });
  });

  it("non-streamed: server timings split prefill and decoding, else the whole reply is time to first token", () => {
    const whole = { ...base, streamed: false, firstAt: null, lastAt: 1950 };
    expect(measureReply({ c: { ...whole, timings: { promptMs: 210.4, predictedMs: 700.6 } }, ...input })).toMatchObject(
      { ttftMs: 210, decodeMs: 701, timingSource: "server" },
    );
    expect(measureReply({ c: whole, ...input })).toMatchObject({ ttftMs: 950, decodeMs: 0 });
  });

  it("streamed: the server's timings win over the client's marks (llama.cpp sends a short tool call as one late delta)", () => {
    // Client marks: first delta 1,900 ms after sending, last at 1,910: TTFT 900, decode 10 — both wrong.
    const late = { ...base, firstAt: 1900, lastAt: 1910, timings: { promptMs: 120.2, predictedMs: 780.4 } };
    expect(measureReply({ c: late, ...input })).toMatchObject({ ttftMs: 120, decodeMs: 780, timingSource: "server" });
  });

  it("an empty streamed reply takes the end of the response as its first token", () => {
    const empty = {
      ...base,
      content: "",
      usage: { promptTokens: 500, completionTokens: 0 },
      firstAt: null,
      lastAt: null,
    };
    expect(measureReply({ c: empty, ...input })).toMatchObject({
      ttftMs: 950,
      decodeMs: 0,
      outputTokens: 0,
      estimated: false,
    });
  });
});
