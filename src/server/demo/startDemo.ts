import "server-only";
import { spawn } from "node:child_process";
import path from "node:path";
import { z } from "zod";
import type { Ctx } from "../context";
import { createDevice } from "../devices/createDevice";
import { ServiceError } from "../errors";
import { createSession } from "../sessions/createSession";
import { int } from "../store/columns";

/** The simulated phones of a demo: whether they still run, and how to stop them. */
export interface DemoPhones {
  running(): boolean;
  stop(): void;
}
/** `extra`: more device-sim options (the adaptive demo's `--effect`). */
export type PhoneLauncher = (origin: string, deviceTokens: string[], extra?: string[]) => DemoPhones;

/**
 * The demo's simulated phones, one per token, in a child process running scripts/device-sim.ts
 * with `--fleet` (issue 20.6): in different states, one worked without rest so the throttling
 * flag has something to find; they stop once the queue is empty.
 */
const spawnPhones: PhoneLauncher = (origin, tokens, extra = []) => {
  const cli = path.join(/*turbopackIgnore: true*/ process.cwd(), "node_modules", "tsx", "dist", "cli.mjs");
  const child = spawn(
    process.execPath,
    [
      cli,
      path.join(/*turbopackIgnore: true*/ process.cwd(), "scripts", "device-sim.ts"),
      "--url",
      origin,
      ...tokens.flatMap((t) => ["--token", t]),
      "--fleet",
      "--seed",
      "7",
      "--until-idle",
      ...extra,
    ],
    { stdio: "ignore", env: { ...process.env, NODE_ENV: "production" } },
  );
  child.on("error", (err) => console.error("[harness-lab] demo phones could not start", err));
  return { running: () => child.exitCode === null && child.signalCode === null, stop: () => void child.kill() };
};

// One demo per server process, kept on globalThis so it survives Next.js reloading this module.
const g = globalThis as unknown as {
  __harnessLabDemo?: { phones: DemoPhones };
  __harnessLabDemoLauncher?: PhoneLauncher;
};

/** Tests replace the child process with a stand-in; `undefined` restores the real phones. */
export function setDemoPhoneLauncher(launcher: PhoneLauncher | undefined): void {
  g.__harnessLabDemoLauncher = launcher;
}

/** The configs a demo compares: the study's file-tools step against its final step. */
const DEMO_CONFIGS = ["files", "files-plan", "bash-plan-examples"];
/** Marks a demo's session (the only way sessions get this note), so a running demo can be found. */
const DEMO_NOTES = "Created by the demo button: simulated phones run this session and stop when the queue is empty.";
/** Three phones: the --fleet mix's rested, charging and unrested (throttling) phones, each its own device. */
const DEMO_PHONES = 3;

/**
 * Queues a small demo session on the default suite and starts three simulated phones against this
 * server. Refused (409) while a demo session still has queued or leased jobs: each call queues 72
 * jobs, and a second demo would only stack behind the first (oldest session first) while
 * starting more phones.
 */
/**
 * Starts a demo. Creating its session awaits the store, so demos asked for at once take turns under
 * one lock held across every process on the database (Store.exclusive): each one's "already
 * running" check then sees the session of the one before, whichever process queued it.
 */
export function startDemo(ctx: Ctx, origin: string, study: "ablation" | "adaptive" = "ablation") {
  return ctx.store.exclusive("demo", () => startDemoNow(ctx, origin, study));
}

/**
 * The adaptive demo's comparison (issue 36): the file tools against the bash tool, and the share
 * of tasks its phones fail on bash (device-sim --effect), a true effect the session should find.
 */
const ADAPTIVE_DEMO = { a: "files", b: "bash", bFails: 0.5 };

const RunningRow = z.object({ id: z.string(), name: z.string(), open: int });

async function startDemoNow(ctx: Ctx, origin: string, study: "ablation" | "adaptive") {
  // Found in the database, not in this process's memory, so a demo left queued before a restart
  // (or by another process) counts too.
  const running = await ctx.store.sql.get(
    RunningRow,
    `SELECT s.id, s.name, COUNT(j.id) AS open FROM sessions s JOIN jobs j ON j.session_id = s.id
        WHERE s.notes = ? AND j.state IN ('queued', 'leased') GROUP BY s.id, s.name, s.created_at ORDER BY s.created_at LIMIT 1`,
    [DEMO_NOTES],
  );
  if (running) {
    throw new ServiceError(
      "conflict",
      `A demo is already running: session "${running.name}" (${running.id}) has ${running.open} jobs left; wait for it to finish or cancel it on its page, then start another.`,
    );
  }
  g.__harnessLabDemo?.phones.stop(); // idle phones of a finished or cancelled demo
  const suite = await ctx.store.sessions.resolveSuite();
  const has = (id: string) => suite.configs.some((c) => c.id === id);
  const configs = DEMO_CONFIGS.filter(has);
  const chosen = configs.length ? configs : suite.configs.slice(0, 3).map((c) => c.id);
  const [a, b] = has(ADAPTIVE_DEMO.a) && has(ADAPTIVE_DEMO.b) ? [ADAPTIVE_DEMO.a, ADAPTIVE_DEMO.b] : chosen;
  const adaptive = study === "adaptive";
  if (adaptive && !b)
    throw new ServiceError("invalid_request", "The adaptive demo needs a suite with at least two configs.");
  const tokens: string[] = [];
  for (let i = 0; i < DEMO_PHONES; i++) tokens.push((await createDevice(ctx, `Demo: simulated phone ${i + 1}`)).token);
  const common = {
    tasks: "all" as const,
    trial: false,
    calibration: false,
    order: "interleaved" as const,
    seed: 7,
    leaseSeconds: 120,
    maxAttempts: 3,
    notes: DEMO_NOTES,
  };
  const { session } = await createSession(
    ctx,
    adaptive
      ? {
          ...common,
          name: `Demo: ${a} vs ${b}, adaptive (the phones fail half the tasks on ${b})`,
          configs: [a, b],
          repeats: 3,
          plan: { a, b, metric: "pass_rate", alpha: 0.05, stoppingRule: "anytime-betting-cs" },
          adaptive: { minRepeats: 1, maxRepeats: 3 },
        }
      : { ...common, name: `Demo: ${chosen.join(" vs ")}`, configs: chosen, repeats: 1 },
  );
  const extra = adaptive ? ["--effect", `${a},${b},${ADAPTIVE_DEMO.bFails}`] : [];
  const phones = (g.__harnessLabDemoLauncher ?? spawnPhones)(origin, tokens, extra);
  g.__harnessLabDemo = { phones };
  return { session };
}
