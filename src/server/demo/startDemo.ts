import "server-only";
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import type { Ctx } from "../context";
import { createDevice } from "../devices/createDevice";
import { createSession } from "../sessions/createSession";
import { resolveSuite } from "../suites/catalog";

const g = globalThis as unknown as { __harnessLabDemo?: ChildProcess };

/** The configs a demo compares: the study's file-tools step against its final step. */
const DEMO_CONFIGS = ["files", "files-plan", "bash-plan-examples"];

/**
 * Queues a small demo session on the default suite and starts two simulated phones against this
 * server (a child process running scripts/device-sim.ts), which stop once the queue is empty.
 */
export function startDemo(ctx: Ctx, origin: string) {
  const suite = resolveSuite(ctx);
  const configs = DEMO_CONFIGS.filter((id) => suite.configs.some((c) => c.id === id));
  const chosen = configs.length ? configs : suite.configs.slice(0, 3).map((c) => c.id);
  const { token } = createDevice(ctx, "Demo: simulated phones");
  const { session } = createSession(ctx, {
    name: `Demo: ${chosen.join(" vs ")}`,
    tasks: "all",
    configs: chosen,
    repeats: 1,
    trial: false,
    order: "interleaved",
    seed: 7,
    leaseSeconds: 120,
    maxAttempts: 3,
    notes: "Created by the demo button: two simulated phones run this session and stop when the queue is empty.",
  });
  if (g.__harnessLabDemo && g.__harnessLabDemo.exitCode === null) g.__harnessLabDemo.kill();
  const cli = path.join(/*turbopackIgnore: true*/ process.cwd(), "node_modules", "tsx", "dist", "cli.mjs");
  const child = spawn(
    process.execPath,
    [cli, path.join(/*turbopackIgnore: true*/ process.cwd(), "scripts", "device-sim.ts"), "--url", origin, "--token", token, "--devices", "2", "--seed", "7", "--until-idle"],
    { stdio: "ignore", env: { ...process.env, NODE_ENV: "production" } },
  );
  child.on("error", (err) => console.error("[harness-lab] demo phones could not start", err));
  g.__harnessLabDemo = child;
  return { session };
}
