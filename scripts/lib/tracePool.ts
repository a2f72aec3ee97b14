/**
 * A pool of distinct simulated traces for the seeding script and the benchmarks: the simulated
 * phone (src/sim/run.ts) runs each task × config of a suite a few times and each trace is scored
 * once with the real pure scoring. Running the simulator per seeded run is ~120 runs/s here, so a
 * 100k-run database reuses these traces with fresh ids, lease tokens and timestamps.
 */
import type { Build, Device, Job, Trace } from "../../src/domain/protocol";
import type { Config, Suite, Task } from "../../src/domain/suite/schema";
import { scoreRun } from "../../src/domain/scoring";
import type { RunScore } from "../../src/domain/scoring/types";
import { runJob } from "../../src/sim/run";
import { newPhoneState, idle } from "../../src/sim/latency";
import { DEFAULT_BUILD } from "../../src/sim/device";
import { narrate, targetBytes } from "./narrate";

export interface PoolEntry {
  task: Task;
  config: Config;
  trace: Trace;
  score: RunScore;
  /** The trace as JSON, for sizes. */
  bytes: number;
}

export const SIM_DEVICES: Device[] = [1, 2, 3, 4].map((i) => ({
  id: `sim-iphone15pro-${i}`,
  model: "iPhone 15 Pro",
  os: "iOS 26.1 (simulated)",
}));

/** The Job a phone receives for a task × config, built the way claimJob builds it. */
export function jobFor(task: Task, config: Config, repeat: number, token = "lease_pool"): Job {
  return {
    id: "job_pool",
    attempt: 1,
    repeat,
    lease: { token, expiresAt: new Date(0).toISOString(), heartbeatSeconds: 20 },
    session: { id: "ses_pool", name: "pool" },
    task: { id: task.id, version: task.version, prompt: task.prompt, workspace: task.workspace },
    config: {
      id: config.id,
      version: config.version,
      systemPrompt: config.systemPrompt,
      tools: config.tools,
      components: config.components,
      contextWindow: config.contextWindow,
      temperature: config.temperature,
      maxToolCalls: config.maxToolCalls,
    },
    protocol: { warmup: true, rest: { untilThermal: "nominal", maxSeconds: 180 } },
  };
}

/**
 * `variants` simulated runs of every task × config (different repeats, devices, phone states),
 * widened to realistic sizes (./narrate.ts) and each scored once. Deterministic for a given seed.
 */
export async function buildPool(
  suite: Suite,
  variants: number,
  seed: number,
  builds: Build[] = [DEFAULT_BUILD],
): Promise<PoolEntry[]> {
  const phones = SIM_DEVICES.map(() => newPhoneState());
  const pool: PoolEntry[] = [];
  let i = 0;
  for (let v = 0; v < variants; v++)
    for (const task of suite.tasks)
      for (const config of suite.configs) {
        const d = i % SIM_DEVICES.length;
        const phone = phones[d];
        idle(phone, (i * 7919) % 120_000); // uneven gaps between jobs so thermal states vary
        const sim = await runJob({
          job: jobFor(task, config, v + 1),
          device: SIM_DEVICES[d],
          build: builds[v % builds.length],
          seed: seed * 1000 + v,
          phone,
          wallClock: (offset) => Date.UTC(2026, 9, 1) + offset,
        });
        // Real traces are 5–50 KB: widen the simulator's with the reasoning prose real models write.
        const trace = narrate(
          sim.trace,
          targetBytes(Buffer.byteLength(JSON.stringify(sim.trace)), seed * 7919 + i),
          seed * 104729 + i,
        );
        const score = scoreRun(task, trace, config.contextWindow);
        pool.push({ task, config, trace, score, bytes: Buffer.byteLength(JSON.stringify(trace)) });
        i++;
      }
  return pool;
}
