import { describe, expect, it } from "vitest";
import { Trace } from "@/domain/protocol";
import { runJob } from "@/sim/run";
import { newPhoneState } from "@/sim/latency";
import { BUILD, DEVICE, makeJob } from "./fixtures";

const run = (context: "none" | "elide" | "summarize" | "staged") =>
  runJob({
    job: makeJob("sim-dentist-todo", { actions: "bash", planning: true, context }, { maxToolCalls: 40 }),
    device: DEVICE,
    build: BUILD,
    seed: 7,
    phone: newPhoneState(),
    wallClock: (o) => Date.UTC(2026, 9, 14) + o,
    profile: "context_full",
  });

const events = (t: Trace) => t.turns.flatMap((turn) => turn.contextEvents ?? []);

describe("simulated phone: context management configs", () => {
  it("without management the context_full behaviour overflows", async () => {
    const { trace } = await run("none");
    expect(trace.end.reason).toBe("context_full");
    expect(events(trace)).toEqual([]);
  });

  // This behaviour writes ever longer plans, so even a managed run overflows in the end: later.
  it.each(["elide", "summarize", "staged"] as const)(
    "%s lets the run go on longer, with events that shrink the context",
    async (mode) => {
      const { trace } = await run(mode);
      const unmanaged = (await run("none")).trace;
      expect(Trace.safeParse(trace).success).toBe(true);
      expect(trace.turns.length).toBeGreaterThan(unmanaged.turns.length);
      const evs = events(trace);
      expect(evs.length).toBeGreaterThan(0);
      for (const e of evs) expect(e.tokensAfter).toBeLessThan(e.tokensBefore);
      const kinds = new Set(evs.map((e) => e.kind));
      if (mode === "elide") expect([...kinds]).toEqual(["elide"]);
      if (mode === "summarize") expect([...kinds]).toEqual(["summarize"]);
      if (mode === "staged") expect(kinds.has("elide")).toBe(true);
    },
  );
});
