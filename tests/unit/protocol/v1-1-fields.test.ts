import { describe, expect, it } from "vitest";
import { PollRequest, Trace } from "@harness-lab/protocol";

const device = { id: "iphone15pro-a", model: "iPhone 15 Pro", os: "iOS 26.1" };
const build = { commit: "3f2c1e9", app: "0.7.0", runtime: "react-native-executorch 0.10.4", model: "gemma-4-e2b" };
const pollBody = { device, build, state: { thermal: "nominal" } };
const base = {
  leaseToken: "lease-1",
  attempt: 1,
  device,
  build,
  startedAt: "2026-10-14T09:00:01Z",
  endedAt: "2026-10-14T09:00:09Z",
  load: { startupTokens: 300, ms: 2200 },
  turns: [
    { promptTokens: 45, contextTokens: 380, ttftMs: 320, outputTokens: 40, decodeMs: 2000, text: "…", toolCalls: [] },
  ],
  reply: "",
  end: { reason: "stop" },
  peakContextTokens: 420,
  workspace: { files: [] },
};
const issuePaths = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  r.error?.issues.map((i) => i.path.join(".")) ?? [];

describe("protocol v1.1 optional fields", () => {
  it("keeps load.cachedTokens, turns[].timingSource and toolsDropped when a trace has them", () => {
    const t = Trace.parse({
      ...base,
      load: { ...base.load, cachedTokens: 280 },
      turns: [{ ...base.turns[0], timingSource: "server" }],
      toolsDropped: true,
    });
    expect(t.load.cachedTokens).toBe(280);
    expect(t.turns[0].timingSource).toBe("server");
    expect(t.toolsDropped).toBe(true);
    expect(Trace.parse(base)).not.toHaveProperty("toolsDropped");
  });

  it("refuses them with a wrong type or value, naming each", () => {
    const r = Trace.safeParse({
      ...base,
      load: { ...base.load, cachedTokens: -1 },
      turns: [{ ...base.turns[0], timingSource: "gpu" }],
      toolsDropped: "yes",
    });
    expect(issuePaths(r).sort()).toEqual(["load.cachedTokens", "toolsDropped", "turns.0.timingSource"]);
  });

  it("accepts a poll's sessions list of 1–100 ids and refuses an empty one with what to do", () => {
    expect(PollRequest.parse({ ...pollBody, sessions: ["ses_01", "ses_02"] }).sessions).toEqual(["ses_01", "ses_02"]);
    expect(PollRequest.parse(pollBody)).not.toHaveProperty("sessions");
    const empty = PollRequest.safeParse({ ...pollBody, sessions: [] });
    expect(issuePaths(empty)).toEqual(["sessions"]);
    expect(empty.error?.issues[0].message).toMatch(/leave `sessions` out/);
    expect(
      issuePaths(PollRequest.safeParse({ ...pollBody, sessions: Array.from({ length: 101 }, (_, i) => `ses_${i}`) })),
    ).toEqual(["sessions"]);
    expect(issuePaths(PollRequest.safeParse({ ...pollBody, sessions: ["ses_1", ""] }))).toEqual(["sessions.1"]);
  });
});
