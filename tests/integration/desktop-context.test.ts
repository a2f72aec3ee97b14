import { afterEach, describe, expect, it } from "vitest";
import type { Components } from "@/domain/protocol";
import { runDesktopJob } from "@/desktop/run";
import { mockOpenAI } from "../support/mock-openai";
import { BUILD, DEVICE, makeJob } from "../unit/sim/fixtures";

const mocks: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(mocks.splice(0).map((m) => m.close()));
});

// Four 2,000-character notes (≈500 tokens each) read one after another in a 2,048-token window.
const files = [1, 2, 3, 4].map((i) => ({ path: `/notes/n${i}.md`, content: `Note ${i}\n` + `word${i} `.repeat(333) }));

async function readAll(context: Components["context"]) {
  const job = makeJob(
    "long",
    { context, planning: false },
    { files, prompt: "Read all four notes and tell me what they say." },
  );
  job.config.systemPrompt = "You help.";
  job.config.tools = job.config.tools.filter((t) => t.name === "read_file");
  const reads = files.map((f) => ({ toolCalls: [{ name: "read_file", arguments: { path: f.path } }] }));
  const mock = await mockOpenAI([...reads, { content: "They are notes 1 to 4." }]);
  mocks.push(mock);
  const { trace } = await runDesktopJob({
    job,
    device: DEVICE,
    build: BUILD,
    endpoint: { baseUrl: mock.url },
    model: "m",
    stream: true,
  });
  return {
    trace,
    mock,
    events: trace.turns.flatMap((t, i) => (t.contextEvents ?? []).map((e) => ({ turn: i + 1, ...e }))),
  };
}

describe("context management on the desktop device", () => {
  it("without management the window fills", async () => {
    const { trace, events } = await readAll("none");
    expect(trace.end.reason).toBe("context_full");
    expect(events).toEqual([]);
  });

  it("elide stubs old tool outputs past 60% of the window and the run finishes", async () => {
    const { trace, mock, events } = await readAll("elide");
    expect(trace.end.reason).toBe("stop");
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) {
      expect(e.kind).toBe("elide");
      expect(e.tokensBefore).toBeGreaterThan(0.6 * 2048);
      expect(e.tokensAfter).toBeLessThan(e.tokensBefore);
    }
    const lastRequest = mock.turnRequests().at(-1)!.messages;
    expect(
      lastRequest.filter((m) => m.role === "tool" && m.content.startsWith("[read_file output elided")).length,
    ).toBeGreaterThan(0);
    expect(Math.max(...trace.turns.map((t) => t.contextTokens))).toBeLessThanOrEqual(2048);
  });

  it("summarize replaces old turns with a summary past 85% of the window", async () => {
    const { trace, mock, events } = await readAll("summarize");
    expect(events.map((e) => e.kind)).toContain("summarize");
    const summaryCalls = mock.requests.filter(
      (r) => r.messages[0]?.content === "You write short, exact working notes.",
    );
    expect(summaryCalls.length).toBe(events.length);
    expect(summaryCalls[0].tools).toBeUndefined();
    const after = mock.turnRequests()[events[0].turn - 1].messages;
    expect(after[1].content).toContain("[Summary of your work so far]\nSummary: read the notes");
    expect(events[0].tokensBefore).toBeGreaterThan(0.85 * 2048);
    expect(trace.end.reason).toBe("stop");
  });

  it("staged elides first and summarises only when eliding was not enough", async () => {
    const { events, trace } = await readAll("staged");
    expect(events[0].kind).toBe("elide");
    expect(trace.end.reason).toBe("stop");
  });
});

describe("planning", () => {
  it("re-injects the current plan into the next input only", async () => {
    const job = makeJob("sim-wifi-password", { planning: true });
    const mock = await mockOpenAI([
      { toolCalls: [{ name: "update_plan", arguments: { steps: [{ step: "find the note", done: false }] } }] },
      { toolCalls: [{ name: "search_files", arguments: { text: "wifi" } }] },
      { content: "maple-river-42" },
    ]);
    mocks.push(mock);
    await runDesktopJob({
      job,
      device: DEVICE,
      build: BUILD,
      endpoint: { baseUrl: mock.url },
      model: "m",
      stream: true,
    });
    const [first, second, third] = mock.turnRequests().map((r) => r.messages);
    expect(first.some((m) => m.content.includes("[Current plan]"))).toBe(false);
    expect(second.at(-1)!.content).toMatch(/\n\n\[Current plan\]\n1\. \[ \] find the note$/);
    expect(third.filter((m) => m.content.includes("[Current plan]"))).toHaveLength(1);
    expect(third.at(-1)!.content).toContain("[Current plan]");
  });
});
