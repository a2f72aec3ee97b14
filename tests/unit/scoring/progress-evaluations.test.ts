import { describe, expect, it, vi } from "vitest";
import { call, task, traceWithCalls, write, ws } from "./build";

// Counts how often the replay judges a milestone, instead of timing it: the count is what made
// the old replay slow (every milestone after every call) and it does not depend on machine load.
const judged = vi.hoisted(() => ({ count: 0 }));
vi.mock("@/domain/scoring/evaluate", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/domain/scoring/evaluate")>();
  return {
    ...real,
    evaluateCheck: (...args: Parameters<typeof real.evaluateCheck>) => {
      judged.count++;
      return real.evaluateCheck(...args);
    },
  };
});
const { progress } = await import("@/domain/scoring");

describe("progress replay judges a milestone only when its inputs change", () => {
  it("1,000 calls after one 4 MB write judge the 4 MB file once, not after every call", () => {
    const t = task({
      workspace: ws({ "/a.md": "" }),
      milestones: [{ id: "m", label: "m", check: { kind: "new_line", path: "/a.md", pattern: "never" } }],
    });
    const calls = [
      call("w", {}, true, { changes: [write("/a.md", "- line\n".repeat(600_000))] }),
      ...Array.from({ length: 999 }, (_, i) => call("w", { i }, true, { changes: [write("/b.md", String(i))] })),
    ];
    judged.count = 0;
    expect(progress(t, traceWithCalls(calls)).milestonesReached).toBe(0);
    expect(judged.count).toBe(1);
  });

  it("a milestone is judged again after each call that writes a file it reads", () => {
    const t = task({
      workspace: ws({ "/a.md": "" }),
      milestones: [{ id: "m", label: "m", check: { kind: "new_line", path: "/a.md", pattern: "never" } }],
    });
    const calls = Array.from({ length: 10 }, (_, i) =>
      call("w", { i }, true, { changes: [write(i % 2 ? "/a.md" : "/b.md", String(i))] }),
    );
    judged.count = 0;
    progress(t, traceWithCalls(calls));
    expect(judged.count).toBe(1 + 5); // the first call, then the five writes of /a.md (calls 1, 3, 5, 7, 9)
  });
});
