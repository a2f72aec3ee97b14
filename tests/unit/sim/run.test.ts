import { describe, expect, it } from "vitest";
import { Trace } from "@/domain/protocol";
import { runJob } from "@/sim/run";
import { compute, isCold, newPhoneState } from "@/sim/latency";
import { PROFILES, type Profile } from "@/sim/model/profiles";
import { formatToolCall } from "@/sim/model/gemma";
import { BUILD, DEVICE, makeJob } from "./fixtures";

const run = (job: ReturnType<typeof makeJob>, profile?: Profile, seed = 7) =>
  runJob({
    job,
    device: DEVICE,
    build: BUILD,
    seed,
    phone: newPhoneState(),
    wallClock: (o) => Date.UTC(2026, 9, 14) + o,
    profile,
  });

const content = (t: Trace) => ({ ...t, startedAt: undefined, endedAt: undefined });

describe("runJob", () => {
  it("solves the dentist task with file tools and with bash, producing valid traces", async () => {
    for (const actions of ["files", "bash"] as const) {
      const { trace } = await run(makeJob("sim-dentist-todo", { actions }), "solves");
      expect(Trace.safeParse(trace).success).toBe(true);
      expect(trace.end.reason).toBe("stop");
      const files = Object.fromEntries(trace.workspace.files.map((f) => [f.path, f.content]));
      expect(files["/reminders/dentist.md"]).toMatch(/14 May at 9:30/);
      expect(files["/todo.md"]).toMatch(/- \[ \] Dentist, Tuesday 14 May/);
      expect(trace.turns.flatMap((t) => t.toolCalls).every((c) => c.ok)).toBe(true);
      expect(trace.reply).toMatch(/Dr Ortiz/);
    }
  });

  it("writes Gemma tool-call syntax into the turn text", async () => {
    const { trace } = await run(makeJob("sim-wifi-password"), "solves");
    expect(trace.turns[0].text).toContain('<|tool_call>call:search_files{text:<|"|>wifi<|"|>}<tool_call|>');
    expect(formatToolCall("update_plan", { steps: [{ step: "a", done: false }] })).toBe(
      '<|tool_call>call:update_plan{steps:[{step:<|"|>a<|"|>,done:false}]}<tool_call|>',
    );
  });

  it("every profile ends the way its name says", async () => {
    const reasons: Record<string, string> = {};
    for (const p of PROFILES) {
      const job = p === "context_full" ? makeJob("sim-dentist-todo", { planning: true }) : makeJob("sim-dentist-todo");
      const { trace } = await run(job, p);
      expect(Trace.safeParse(trace).success).toBe(true);
      reasons[p] = trace.end.reason;
      if (p === "quits_after_failure") {
        expect(trace.turns.flatMap((t) => t.toolCalls).map((c) => c.ok)).toEqual([false]);
        expect(trace.reply).toMatch(/couldn't find/);
      }
      if (p === "asks_user") expect(trace.reply.trim().endsWith("?")).toBe(true);
      if (p === "placeholder")
        expect(trace.workspace.files.find((f) => f.path === "/reminders/dentist.md")?.content).toMatch(
          /\[Date and Time\]/,
        );
      if (p === "loops")
        expect(new Set(trace.turns.flatMap((t) => t.toolCalls).map((c) => JSON.stringify(c.args))).size).toBe(1);
    }
    expect(reasons).toMatchObject({
      solves: "stop",
      loops: "tool_limit",
      context_full: "context_full",
      crash: "crash",
      asks_user: "stop",
    });
  });

  it("context_full: the peak context approaches the window", async () => {
    const { trace } = await run(makeJob("sim-dentist-todo", { planning: true }), "context_full");
    expect(trace.peakContextTokens).toBeGreaterThan(2048 * 0.85);
    expect(trace.peakContextTokens).toBeLessThanOrEqual(2048);
  });

  it("enforces maxToolCalls", async () => {
    const { trace } = await run(makeJob("sim-dentist-todo", {}, { maxToolCalls: 2 }), "solves");
    expect(trace.end.reason).toBe("tool_limit");
    expect(trace.turns.flatMap((t) => t.toolCalls)).toHaveLength(2);
  });

  it("no-files tasks are answered in the reply", async () => {
    const { trace } = await run(makeJob("sim-apples", { actions: "none" }), "no_tools_answer");
    expect(trace.reply).toMatch(/31 apples/);
    expect(trace.turns).toHaveLength(1);
  });

  it("falls back to search, read, reply for tasks without a solution", async () => {
    const job = makeJob(
      "unknown-task",
      {},
      {
        prompt: "When does my passport expire?",
        files: [{ path: "/docs/travel.md", content: "Passport expires 2031-03-02\n" }],
      },
    );
    const { trace } = await run(job, "solves");
    expect(trace.turns.flatMap((t) => t.toolCalls).map((c) => c.name)).toEqual(["search_files", "read_file"]);
    expect(trace.reply).toMatch(/Passport expires 2031-03-02/);
  });

  it("is deterministic: same seed and job give the same trace content", async () => {
    for (const c of [{ actions: "files" as const }, { actions: "bash" as const, planning: true }]) {
      const a = await run(makeJob("sim-dentist-todo", c, { repeat: 2 }), undefined, 42);
      const b = await run(makeJob("sim-dentist-todo", c, { repeat: 2 }), undefined, 42);
      expect(content(b.trace)).toEqual(content(a.trace));
      expect(b.profile).toBe(a.profile);
    }
  });

  it("a cold phone (first job, or idle long) gives the same content as a warm one: only the warm-up differs", async () => {
    // Whether a phone is cold depends on its idle history, i.e. on the wall clock between its jobs.
    const content = (t: Trace) => ({
      turns: t.turns.map(({ ttftMs: _t, decodeMs: _d, ...rest }) => rest),
      reply: t.reply,
      end: t.end,
      peak: t.peakContextTokens,
      files: t.workspace.files,
    });
    for (let seed = 0; seed < 40; seed++)
      for (const c of [{ actions: "files" as const }, { actions: "bash" as const, planning: true }]) {
        const job = makeJob("sim-dentist-todo", { ...c, examples: false });
        const warm = newPhoneState();
        compute(warm, 1000);
        expect(isCold(warm)).toBe(false);
        const at = (o: number) => Date.UTC(2026, 9, 14) + o;
        const a = await runJob({ job, device: DEVICE, build: BUILD, seed, phone: newPhoneState(), wallClock: at });
        const b = await runJob({ job, device: DEVICE, build: BUILD, seed, phone: warm, wallClock: at });
        expect(b.profile, `seed ${seed}`).toBe(a.profile);
        expect(content(b.trace), `seed ${seed}`).toEqual(content(a.trace));
        expect(b.trace.load.ms, `seed ${seed}`).toBe(a.trace.load.ms);
        expect(a.warmupMs - b.warmupMs, `seed ${seed}: the cold phone pays the warm-up penalty`).toBeGreaterThan(2000);
      }
  });

  it("the profile mix follows the config: bare model fails file tasks, examples raise solves, planning fills context", async () => {
    const count = async (components: Parameters<typeof makeJob>[1], task = "sim-dentist-todo") => {
      const seen: Record<string, number> = {};
      for (let seed = 0; seed < 60; seed++) {
        const { profile } = await run(makeJob(task, components), undefined, seed);
        seen[profile] = (seen[profile] ?? 0) + 1;
      }
      return seen;
    };
    const bare = await count({ actions: "none", examples: false });
    expect(bare.solves ?? 0).toBe(0);
    const files = await count({ actions: "files", examples: false }, "sim-wifi-password");
    const examples = await count({ actions: "files", examples: true }, "sim-wifi-password");
    expect(examples.solves ?? 0).toBeGreaterThan(files.solves ?? 0);
    const planning = await count({ actions: "files", planning: true, examples: false });
    expect(planning.context_full ?? 0).toBeGreaterThan(20);
  });
});

describe("runJob tool availability", () => {
  it("a call to a tool the config does not offer fails", async () => {
    const job = makeJob("custom", { actions: "bash", examples: true }, { files: [{ path: "/a.md", content: "x\n" }] });
    const solutions = {
      custom: { group: "files" as const, bash: [{ name: "read_file", args: { path: "/a.md" } }], reply: "done" },
    };
    const r = await runJob({
      job,
      device: DEVICE,
      build: BUILD,
      seed: 1,
      phone: newPhoneState(),
      wallClock: (o) => o,
      profile: "solves",
      solutions,
    });
    expect(r.trace.turns[0].toolCalls[0]).toMatchObject({
      name: "read_file",
      ok: false,
      result: "read_file: unknown tool. Use one of: bash.",
    });
  });

  it("context_full without the planning tool only uses offered tools", async () => {
    const { trace } = await run(makeJob("sim-dentist-todo", { actions: "bash", planning: false }), "context_full");
    const calls = trace.turns.flatMap((t) => t.toolCalls);
    expect(calls.every((c) => c.name === "bash")).toBe(true);
    expect(["context_full", "tool_limit"]).toContain(trace.end.reason);
  });
});

describe("profile choice", () => {
  it("is mostly nested across configs: tasks solved by a weaker config are solved by one with examples", async () => {
    const { chooseProfile, profileWeights } = await import("@/sim/model/profiles");
    let weakSolves = 0;
    let nested = 0;
    for (let seed = 0; seed < 200; seed++) {
      const weak = makeJob("sim-wifi-password", { actions: "files", examples: false });
      const strong = makeJob("sim-wifi-password", { actions: "files", examples: true });
      const pw = chooseProfile(weak, seed, profileWeights(weak.config.components, "files", 1200, 2048));
      const ps = chooseProfile(strong, seed, profileWeights(strong.config.components, "files", 1200, 2048));
      if (pw === "solves") {
        weakSolves++;
        if (ps === "solves") nested++;
      }
    }
    expect(weakSolves).toBeGreaterThan(40);
    expect(nested / weakSolves).toBeGreaterThan(0.85);
  });
});
