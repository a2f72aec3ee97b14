import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { progress } from "@/domain/scoring";
import { evaluateCheck } from "@/domain/scoring/evaluate";
import { applyChanges, traceCalls } from "@/domain/scoring/workspace";
import type { Check } from "@/domain/suite/check";
import type { Milestone, Task } from "@/domain/suite/schema";
import { call, del, task, traceWithCalls, write, ws } from "./build";

/** protocol.md §3 read literally: every milestone judged after every call. */
function naiveProgress(t: Task, trace: Parameters<typeof progress>[1]) {
  const milestones = t.milestones ?? [];
  const calls = traceCalls(trace);
  const reached = new Set<number>();
  return applyChanges(t.workspace, calls).map((workspace, i) => {
    const state = { workspace, seed: t.workspace, reply: "", calls: calls.slice(0, i + 1) };
    milestones.forEach((m, j) => {
      if (!reached.has(j) && evaluateCheck(m.check, state, m.id).passed) reached.add(j);
    });
    return reached.size;
  });
}

const PATHS = ["/a.md", "/b.md", "/notes/c.md", "/notes/d.txt"];
const leaf = fc.oneof(
  fc.constantFrom<Check>(
    { kind: "file_exists", path: "/a.md" },
    { kind: "file_absent", glob: "/notes/**" },
    { kind: "file_regex", glob: "/notes/*.md", pattern: "x" },
    { kind: "file_unchanged", path: "/b.md" },
    { kind: "new_line", path: "/a.md", pattern: "y" },
    { kind: "word_count", of: "file", path: "/b.md", min: 2 },
    { kind: "reply_regex", pattern: "^$" },
    { kind: "call_regex", pattern: "x" },
    { kind: "call_regex", tool: "t1", pattern: ".", ok: false },
    { kind: "file_exists" },
  ),
);
const check: fc.Arbitrary<Check> = fc.letrec<{ c: Check }>((tie) => ({
  c: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.array(tie("c"), { minLength: 1, maxLength: 3 }).map((of): Check => ({ kind: "all", of })),
    fc.array(tie("c"), { minLength: 1, maxLength: 3 }).map((of): Check => ({ kind: "any", of })),
    tie("c").map((c): Check => ({ kind: "not", check: c })),
  ),
})).c;
const change = fc.oneof(
  fc
    .tuple(fc.constantFrom(...PATHS), fc.constantFrom("", "x", "y", "x y", "one two three", "seed"))
    .map(([p, c]) => write(p, c)),
  fc.constantFrom(...PATHS).map(del),
);
const toolCall = fc
  .record({
    name: fc.constantFrom("t1", "t2"),
    x: fc.boolean(),
    ok: fc.boolean(),
    changes: fc.array(change, { maxLength: 3 }),
  })
  .map((c) => call(c.name, c.x ? { q: "x" } : { q: "z" }, c.ok, { changes: c.changes }));

describe("progress replay", () => {
  it("re-judging only when a milestone's inputs change gives the trajectory of judging after every call", () => {
    fc.assert(
      fc.property(
        fc.array(check, { minLength: 1, maxLength: 4 }),
        fc.array(toolCall, { maxLength: 12 }),
        (checks, calls) => {
          const milestones: Milestone[] = checks.map((c, i) => ({ id: `m${i}`, label: `m${i}`, check: c }));
          const t = task({ workspace: ws({ "/b.md": "seed", "/notes/c.md": "y" }), milestones });
          const trace = traceWithCalls(calls);
          const fast = progress(t, trace);
          expect(fast.progress).toEqual(naiveProgress(t, trace));
          expect(fast.milestonesReached).toBe(fast.progress.at(-1) ?? 0);
        },
      ),
      { seed: 7, numRuns: 2000 },
    );
  });
});
