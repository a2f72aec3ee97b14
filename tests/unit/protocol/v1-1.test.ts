import { describe, expect, it } from "vitest";
import { PollRequest, Trace } from "@/domain/protocol";
import { BUILD, DEVICE } from "../sim/fixtures";

const trace = (extra: { load?: object; turn?: object; top?: object } = {}) => ({
  leaseToken: "t",
  attempt: 1,
  device: DEVICE,
  build: BUILD,
  startedAt: "2026-12-01T09:00:00.000Z",
  endedAt: "2026-12-01T09:00:05.000Z",
  load: { startupTokens: 754, ms: 900, ...extra.load },
  turns: [
    {
      promptTokens: 40,
      contextTokens: 800,
      ttftMs: 100,
      outputTokens: 10,
      decodeMs: 200,
      text: "hi",
      toolCalls: [],
      ...extra.turn,
    },
  ],
  reply: "hi",
  end: { reason: "stop" },
  peakContextTokens: 810,
  workspace: { files: [] },
  ...extra.top,
});

describe("protocol v1.1 additions", () => {
  it("a trace keeps load.cachedTokens, turns[].timingSource and toolsDropped", () => {
    const t = Trace.parse(
      trace({ load: { cachedTokens: 700 }, turn: { timingSource: "server" }, top: { toolsDropped: true } }),
    );
    expect(t.load.cachedTokens).toBe(700);
    expect(t.turns[0].timingSource).toBe("server");
    expect(t.toolsDropped).toBe(true);
  });

  it("refuses values outside the contract", () => {
    expect(Trace.safeParse(trace({ turn: { timingSource: "guess" } })).success).toBe(false);
    expect(Trace.safeParse(trace({ load: { cachedTokens: -1 } })).success).toBe(false);
    expect(Trace.safeParse(trace({ top: { toolsDropped: "yes" } })).success).toBe(false);
  });

  it("a v1 trace without them still parses", () => {
    expect(Trace.safeParse(trace()).success).toBe(true);
  });

  it("a poll keeps sessions and refuses an empty list", () => {
    const body = { device: DEVICE, build: BUILD, state: { thermal: "nominal" } };
    expect(PollRequest.parse({ ...body, sessions: ["ses_a", "ses_b"] }).sessions).toEqual(["ses_a", "ses_b"]);
    expect(PollRequest.safeParse({ ...body, sessions: [] }).success).toBe(false);
    expect(PollRequest.parse(body).sessions).toBeUndefined();
  });
});
