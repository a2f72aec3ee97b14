import { describe, expect, it } from "vitest";
import { median, replaceBetween, spread } from "../../../scripts/bench/measure";
import { pageRows, serverRows, type PageVisit } from "../../../scripts/bench/uiReport";
import { callsFor, longTrace } from "../../../scripts/bench/longTrace";
import { Trace } from "@/domain/protocol";

const visit = (interactive: number, over: Partial<PageVisit> = {}): PageVisit => ({
  ttfb: 10,
  domInteractive: 100,
  loadEventEnd: 200,
  content: 150,
  complete: 170,
  hydrated: 180,
  interactive,
  longTasks: 1,
  longTaskMs: 60,
  longestTask: 60,
  htmlKb: 12.4,
  elements: 300,
  ...over,
});

describe("spread", () => {
  it("gives the median and the range", () => {
    expect(spread([5, 1, 3], String)).toBe("3 (1–5)");
    // even count: the mean of the middle two
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(spread([4, 1, 3, 2], (x) => x.toFixed(1))).toBe("2.5 (1.0–4.0)");
  });
});

describe("replaceBetween", () => {
  it("replaces only what lies between the named markers", () => {
    const doc = "a\n<!-- x:begin -->\nold\n<!-- x:end -->\nb <!-- y:begin -->keep<!-- y:end -->";
    expect(replaceBetween(doc, "x", "new")).toBe(
      "a\n<!-- x:begin -->\nnew\n<!-- x:end -->\nb <!-- y:begin -->keep<!-- y:end -->",
    );
    expect(replaceBetween(doc, "z", "new")).toBeNull();
  });
});

describe("pageRows", () => {
  it("pairs each visit with the baseline visit of the same round for the ratio", () => {
    const visits = new Map([
      ["baseline", [visit(100), visit(200), visit(100)]],
      ["trace", [visit(300), visit(300), visit(500)]],
    ]);
    const rows = pageRows(visits, { trace: "trace viewer" }).split("\n");
    expect(rows).toHaveLength(4);
    // ratios 3, 1.5, 5 → median 3; interactive 300, 300, 500 → median 300
    expect(rows[3]).toMatch(
      /^\| trace viewer \| 300 \(300–500\) \| 3\.00× \(1\.50×–5\.00×\) \| 10 \| 100 \| 150 \| 180 \| 170 \| 200 \| 1 · 60 · 60 \| 12 \| 300 \|$/,
    );
    expect(rows[2]).toContain("| baseline | 100 (100–200) | 1.00× (1.00×–1.00×) |");
  });
});

describe("serverRows", () => {
  it("reports start-up against the bare server and the database size", () => {
    const text = serverRows({
      starts: { s: [2000, 3000, 2500], b: [1000, 1000, 500], rss: [200, 210, 190], group: [340, 350, 345] },
      rssIdle: { serverMb: 260.4, groupMb: 400 },
      dbMbPer1000: 9.634,
      runs: 2017,
    });
    expect(text).toContain("| 2,500 (2,000–3,000) ms |");
    expect(text).toContain("ratio 3.00× (2.00×–5.00×)");
    expect(text).toContain("| 200 (190–210) MB |");
    expect(text).toContain("| 260 MB | whole process group 400 MB |");
    expect(text).toContain("this 2,017-run database) | 9.63 MB |");
  });
});

describe("longTrace", () => {
  const seed = {
    files: [
      { path: "/todo.md", content: "# To do\n- [ ] call the dentist\n" },
      { path: "/notes/a.md", content: "Tuesday at 10:30\n" },
    ],
  };
  const input = {
    leaseToken: "lease_x",
    attempt: 1,
    device: { id: "d1", model: "Pixel 9", os: "Android 16" },
    build: { commit: "c", app: "0.7.0", runtime: "r", model: "gemma-4-e2b" },
    seed,
    contextWindow: 2048,
    turns: 200,
    startedAt: "2026-10-01T09:00:00.000Z",
  };

  it("is a valid trace of the asked length: every turn but the last has one or two calls, the last is the reply", () => {
    const t = longTrace(input);
    expect(Trace.safeParse(t).success).toBe(true);
    expect(t.turns).toHaveLength(200);
    expect(
      t.turns.slice(0, -1).every((x) => x.toolCalls.length >= 1 && x.toolCalls.length <= 2 && x.text.length > 0),
    ).toBe(true);
    expect(t.turns[199].toolCalls).toHaveLength(0);
    expect(t.reply).toBe(t.turns[199].text);
    // 199 turns × 2 calls
    expect(t.turns.reduce((n, x) => n + x.toolCalls.length, 0)).toBe(398);
    expect(t.turns.some((x) => x.toolCalls.some((c) => c.changes?.length))).toBe(true);
    expect(t.turns.every((x) => x.contextTokens <= input.contextWindow)).toBe(true);
    expect(Date.parse(t.endedAt)).toBeGreaterThan(Date.parse(t.startedAt));
  });

  it("is deterministic", () => {
    expect(JSON.stringify(longTrace(input))).toBe(JSON.stringify(longTrace(input)));
  });

  it("reads before it rewrites, so the file tools accept the write", () => {
    const calls = callsFor(0, ["/a.md"], () => "x");
    expect(calls.map((c) => c.name)).toEqual(["read_file", "write_file"]);
    expect(calls[1].args.content).toBe("x\n- checked on pass 0\n");
    const t = longTrace({ ...input, turns: 4 });
    // turn 1 reads /notes/a.md and writes it back with one more line
    expect(t.turns[0].toolCalls.map((c) => c.ok)).toEqual([true, true]);
    expect(t.workspace.files.find((f) => f.path === "/notes/a.md")?.content).toContain("- checked on pass 0");
  });
});
