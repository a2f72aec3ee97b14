import { describe, expect, it } from "vitest";
import { pageOf, showsInFull, turnHeads, turnRows, turnSummary, turnWindow } from "@/domain/trace";

describe("turnWindow", () => {
  it("shows a short run whole, without pages", () => {
    expect(turnWindow(40, undefined)).toEqual({ pages: [], current: null });
    expect(turnWindow(3, "2")).toEqual({ pages: [], current: null });
  });

  it("splits 200 turns into 8 pages of 25 and opens on the first", () => {
    const w = turnWindow(200, undefined);
    expect(w.pages).toHaveLength(8);
    expect(w.pages[0]).toEqual({ page: 1, from: 1, to: 25 });
    expect(w.pages[7]).toEqual({ page: 8, from: 176, to: 200 });
    expect(w.current).toEqual({ page: 1, from: 1, to: 25 });
  });

  it("ends with a short page", () => {
    const w = turnWindow(41, "2");
    expect(w.pages).toEqual([
      { page: 1, from: 1, to: 25 },
      { page: 2, from: 26, to: 41 },
    ]);
    expect(w.current).toEqual({ page: 2, from: 26, to: 41 });
  });

  it("opens the asked page, everything with 'all', and page 1 for anything else", () => {
    expect(turnWindow(200, "3").current).toEqual({ page: 3, from: 51, to: 75 });
    expect(turnWindow(200, "all").current).toBeNull();
    for (const bad of ["0", "9", "-1", "1.5", "x", ""]) expect(turnWindow(200, bad).current?.page).toBe(1);
  });

  it("tells which turns are in full and where a turn is", () => {
    const w = turnWindow(200, "2");
    expect([25, 26, 50, 51].map((n) => showsInFull(w, n))).toEqual([false, true, true, false]);
    expect(showsInFull(turnWindow(200, "all"), 199)).toBe(true);
    expect(pageOf(w, 1)).toBe(1);
    expect(pageOf(w, 51)).toBe(3);
    expect(pageOf(w, 200)).toBe(8);
  });
});

describe("turnSummary", () => {
  const call = (name: string, ok: boolean) => ({
    n: 1,
    name,
    args: {},
    ok,
    result: null,
    ms: null,
    repeatOf: null,
    deltas: [],
    progress: null,
    reached: [],
  });
  it("lists the calls and counts failures", () => {
    expect(
      turnSummary({
        promptTokens: 1351,
        ttftMs: 428,
        outputTokens: 63,
        calls: [call("read_file", true), call("edit_file", false)],
      }),
    ).toBe("prompt 1,351 tok · TTFT 428 ms · out 63 tok · read_file, edit_file (1 failed)");
    expect(turnSummary({ promptTokens: 40, ttftMs: 2500, outputTokens: 12, calls: [] })).toBe(
      "prompt 40 tok · TTFT 2.5 s · out 12 tok · no tool calls",
    );
  });
});

describe("turnHeads", () => {
  const turn = (i: number, calls: { name: string; ok: boolean }[]) => ({
    promptTokens: 10 + i,
    contextTokens: 100,
    ttftMs: 300 + i,
    outputTokens: 5,
    decodeMs: 200,
    text: `t${i}`,
    toolCalls: calls.map((c) => ({ ...c, args: {}, result: "r" })),
  });
  const turns = [
    turn(0, [{ name: "read_file", ok: true }]),
    turn(1, []),
    turn(2, [
      { name: "bash", ok: false },
      { name: "bash", ok: true },
    ]),
  ];

  it("numbers the lines over the whole run and keeps only names and outcomes of calls", () => {
    expect(turnHeads(turns, 1)).toEqual([
      { n: 2, promptTokens: 11, ttftMs: 301, outputTokens: 5, calls: [] },
      {
        n: 3,
        promptTokens: 12,
        ttftMs: 302,
        outputTokens: 5,
        calls: [
          { name: "bash", ok: false },
          { name: "bash", ok: true },
        ],
      },
    ]);
    expect(turnHeads(turns, 3)).toEqual([]);
  });

  it("agrees with the full rows, so a prefix of full rows plus heads is the whole run", () => {
    const full = turnRows({
      turns,
      contextWindow: null,
      progress: [],
      seed: null,
      milestones: [],
      milestoneCalls: null,
    });
    const prefix = turnRows({
      turns: turns.slice(0, 2),
      contextWindow: null,
      progress: [],
      seed: null,
      milestones: [],
      milestoneCalls: null,
    });
    expect(prefix).toEqual(full.slice(0, 2));
    expect(turnHeads(turns, 0).map((h) => turnSummary(h))).toEqual(full.map((r) => turnSummary(r)));
  });

  it("gives the same diffs for a prefix: each call's change is against the workspace before it", () => {
    const seed = { files: [{ path: "/a.md", content: "one\n" }] };
    const write = (content: string) => ({
      name: "write_file",
      args: {},
      ok: true,
      result: "ok",
      changes: [{ path: "/a.md", content }],
    });
    const edits = [0, 1, 2].map((i) => ({ ...turn(i, []), toolCalls: [write(`one\n${"two\n".repeat(i + 1)}`)] }));
    const full = turnRows({
      turns: edits,
      contextWindow: 2048,
      progress: [0, 0, 0],
      seed,
      milestones: [],
      milestoneCalls: null,
    });
    const prefix = turnRows({
      turns: edits.slice(0, 2),
      contextWindow: 2048,
      progress: [0, 0, 0],
      seed,
      milestones: [],
      milestoneCalls: null,
    });
    expect(prefix).toEqual(full.slice(0, 2));
    expect(full[1].calls[0].deltas[0]).toMatchObject({
      status: "changed",
      before: "one\ntwo\n",
      after: "one\ntwo\ntwo\n",
    });
  });
});
