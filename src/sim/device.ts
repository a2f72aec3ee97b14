import { type Build, type Device, type Job, type ResultResponse, Trace } from "@/domain/protocol";
import { type PhoneState, idle, newPhoneState, thermalOf } from "./latency";
import { nextCharging, type ChargerPlan } from "./fleet";
import { createRng, hashSeed } from "./rng";
import { type SimRun, runJob } from "./run";
import type { SimSolution } from "./model/solution";
import type { Profile } from "./model/profiles";
import { WorkspaceSeedError } from "@/harness/tools";
import { InvalidJobError, ProtocolAbortedError, ProtocolHttpError, createDeviceClient } from "@harness-lab/protocol";

export interface RunDeviceOptions {
  /** Dashboard base URL, e.g. http://127.0.0.1:3000 */
  url: string;
  /** Device token (Authorization: Bearer …). */
  token: string;
  deviceId: string;
  /** Seeds the traces' content (same seed + job → same content). */
  seed: number;
  /** Stop at the first 204 (no job now) instead of polling forever. */
  stopWhenIdle?: boolean;
  /** Stop after this many jobs. */
  maxJobs?: number;
  /** Long-poll seconds sent as ?wait= (0–30, default 10). */
  waitSeconds?: number;
  /** Simulated phone time runs this many times faster than real time (default 200). */
  speed?: number;
  /** Real clock and sleep (injectable for tests). */
  clock?: () => number;
  sleep?: (ms: number) => Promise<void>;
  fetch?: typeof fetch;
  /** Retry policy for a server that is down (connection refused or 5xx): real ms. */
  backoff?: { initialMs?: number; maxMs?: number };
  charging?: boolean;
  battery?: number;
  /** Starting heat (0 cold … 1 hot; default 0.05): a phone that comes to the shelf warm. */
  heat?: number;
  /** Plug in and out by battery level between jobs (src/sim/fleet.ts): charging sessions. */
  charger?: ChargerPlan;
  device?: Partial<Device>;
  build?: Partial<Build>;
  /** This build runs the model this many times slower than the study's (a simulated regression; default 1). */
  buildFactor?: number;
  /** Ignore the jobs' rest between runs, so the phone heats up under sustained load (see RunJobOptions.skipRest). */
  skipRest?: boolean;
  profile?: Profile;
  /**
   * Issue 36.2: play a study with a known true effect: config `a` solves every task, config `b`
   * solves them too except a fixed share of tasks (chosen by the task id's hash, the same on every
   * repeat and phone), which it answers wrongly. Other configs behave as usual.
   */
  effect?: StudyEffect;
  solutions?: Record<string, SimSolution>;
  signal?: AbortSignal;
  /** Lease only these sessions' jobs (protocol v1.1 poll `sessions`). */
  sessions?: string[];
  log?: (line: string) => void;
  onJob?: (summary: JobSummary) => void;
}

export interface StudyEffect {
  a: string;
  b: string;
  /** The share of tasks (0…1) that b fails and a passes. */
  failShare: number;
}

/** The profile a study with a known effect plays for this task × config, or undefined (usual behaviour). */
export function effectProfile(effect: StudyEffect | undefined, taskId: string, configId: string): Profile | undefined {
  if (!effect || (configId !== effect.a && configId !== effect.b)) return undefined;
  if (configId === effect.a) return "solves";
  const u = (hashSeed("effect", taskId) >>> 0) / 2 ** 32;
  return u < effect.failShare ? "wrong_answer" : "solves";
}

export interface JobSummary {
  deviceId: string;
  jobId: string;
  taskId: string;
  configId: string;
  repeat: number;
  attempt: number;
  status: "submitted" | "abandoned" | "failed" | "rejected";
  profile?: Profile;
  endReason?: string;
  toolCalls?: number;
  failedCalls?: number;
  turns?: number;
  peakContextTokens?: number;
  response?: ResultResponse;
  /** The result's HTTP status: 201 stored now, 200 already stored (a retry of a submit that was committed). */
  httpStatus?: number;
  detail?: string;
}

export interface DeviceReport {
  deviceId: string;
  jobs: JobSummary[];
  heartbeats: number;
  retries: number;
}

export const DEFAULT_BUILD: Build = {
  commit: "sim",
  app: "harness-lab-sim 0.1.0",
  runtime: "simulated react-native-executorch 0.10.4",
  model: "gemma-4-e2b",
  quantization: "int8",
};

/**
 * One simulated phone: polls for jobs, runs them (warm-up, rest, heartbeats at lease scale),
 * submits traces, and keeps going until told to stop. It never drops a finished trace: submits
 * are retried with exponential backoff until the server answers.
 */
export async function runDevice(opts: RunDeviceOptions): Promise<DeviceReport> {
  const clock = opts.clock ?? (() => Date.now());
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const doFetch = opts.fetch ?? fetch;
  const speed = opts.speed ?? 200;
  const wait = Math.max(0, Math.min(30, opts.waitSeconds ?? 10));
  const backoffInitial = opts.backoff?.initialMs ?? 500;
  const backoffMax = opts.backoff?.maxMs ?? 15_000;
  const log = opts.log ?? (() => {});
  const jitter = createRng(hashSeed(opts.seed, "backoff", opts.deviceId));
  const device: Device = { id: opts.deviceId, model: "iPhone 15 Pro", os: "iOS 26.1 (simulated)", ...opts.device };
  const build: Build = { ...DEFAULT_BUILD, ...opts.build };
  const phone: PhoneState = newPhoneState({
    charging: opts.charging,
    battery: opts.battery,
    heat: opts.heat,
    buildFactor: opts.buildFactor,
  });
  const report: DeviceReport = { deviceId: opts.deviceId, jobs: [], heartbeats: 0, retries: 0 };
  const stopped = () => opts.signal?.aborted === true;

  /**
   * Every request is retried while the server is down (no answer, 5xx, 429), with backoff and
   * seeded jitter. Only polls are cut short by the stop signal: a finished trace is still submitted.
   */
  const client = createDeviceClient({
    url: opts.url,
    token: opts.token,
    fetch: doFetch,
    sleep,
    random: () => jitter.float(),
    retry: { initialMs: backoffInitial, maxMs: backoffMax },
    onRetry: (e) => {
      report.retries++;
      log(
        `${opts.deviceId}: ${e.path} failed (${e.error instanceof Error ? e.error.message : String(e.error)}); retrying in ${e.delayMs} ms`,
      );
    },
  });

  /** Simulated time passes (scaled to real time) with heartbeats at the lease's cadence. Returns false when the lease is lost. */
  async function playOut(
    job: Job,
    simMs: number,
    turnAt: (offset: number) => number,
    offset0: number,
  ): Promise<boolean> {
    const hbSim = job.lease.heartbeatSeconds * 1000;
    let done = 0;
    while (done < simMs) {
      const step = Math.min(hbSim, simMs - done);
      await sleep(step / speed);
      done += step;
      if (done < simMs || step === hbSim) {
        try {
          await client.heartbeat(job.id, { leaseToken: job.lease.token, turn: turnAt(offset0 + done) });
          report.heartbeats++;
        } catch (e) {
          if (e instanceof ProtocolHttpError && e.status === 409) return false;
          throw e;
        }
      }
    }
    return true;
  }

  let lastRealMs = clock();
  while (!stopped() && (opts.maxJobs === undefined || report.jobs.length < opts.maxJobs)) {
    // Real idle time cools the simulated phone (at simulation speed).
    const now = clock();
    idle(phone, (now - lastRealMs) * speed);
    lastRealMs = now;
    phone.charging = nextCharging(opts.charger, phone.battery, phone.charging);
    const pollBody = {
      device,
      build,
      state: {
        thermal: thermalOf(phone.heat),
        battery: Math.round(phone.battery * 100) / 100,
        charging: phone.charging,
      },
      ...(opts.sessions?.length ? { sessions: opts.sessions } : {}),
    };
    let job: Job | null;
    try {
      job = await client.poll(pollBody, { wait, signal: opts.signal });
    } catch (e) {
      if (stopped() || e instanceof ProtocolAbortedError) break;
      if (e instanceof InvalidJobError) {
        const detail = e.issues
          .map((i) => `${i.path.replace(/^job\./, "")}: ${i.message}`)
          .join("; ")
          .slice(0, 2000);
        if (e.jobId !== undefined && e.leaseToken !== undefined) {
          await client.fail(e.jobId, { leaseToken: e.leaseToken, reason: "invalid_job", detail });
          report.jobs.push({
            deviceId: opts.deviceId,
            jobId: e.jobId,
            taskId: "?",
            configId: "?",
            repeat: 0,
            attempt: 0,
            status: "failed",
            detail,
          });
        } else {
          log(`${opts.deviceId}: unusable job from poll: ${detail}`);
        }
        continue;
      }
      if (e instanceof ProtocolHttpError)
        throw new Error(`${opts.deviceId}: poll refused with ${e.status}: ${JSON.stringify(e.body)}`, { cause: e });
      throw e;
    }
    if (job === null) {
      if (opts.stopWhenIdle) break;
      continue;
    }
    const summary: JobSummary = {
      deviceId: opts.deviceId,
      jobId: job.id,
      taskId: job.task.id,
      configId: job.config.id,
      repeat: job.repeat,
      attempt: job.attempt,
      status: "submitted",
    };
    const receivedAt = clock();
    let sim: SimRun;
    try {
      sim = await runJob({
        job,
        device,
        build,
        seed: opts.seed,
        phone,
        profile: opts.profile ?? effectProfile(opts.effect, job.task.id, job.config.id),
        solutions: opts.solutions,
        skipRest: opts.skipRest,
        wallClock: (offset) => receivedAt + offset / speed,
      });
    } catch (e) {
      const seed = e instanceof WorkspaceSeedError;
      const detail = e instanceof Error ? e.message : String(e);
      try {
        await client.fail(job.id, {
          leaseToken: job.lease.token,
          reason: seed ? "workspace_seed_failed" : "simulator_error",
          detail,
        });
      } catch (err) {
        if (!(err instanceof ProtocolHttpError && err.status === 409)) throw err;
      }
      summary.status = "failed";
      summary.detail = detail;
      report.jobs.push(summary);
      opts.onJob?.(summary);
      continue;
    }
    const trace = Trace.parse(sim.trace);
    const calls = trace.turns.flatMap((t) => t.toolCalls);
    Object.assign(summary, {
      profile: sim.profile,
      endReason: trace.end.reason,
      toolCalls: calls.length,
      failedCalls: calls.filter((c) => !c.ok).length,
      turns: trace.turns.length,
      peakContextTokens: trace.peakContextTokens,
    });
    // Play the simulated time out in (scaled) real time, heartbeating; the lease may be lost meanwhile.
    const turnAt = (offset: number) => {
      const runOffset = offset - sim.warmupMs - sim.restMs;
      return Math.max(0, sim.turnEndsMs.filter((t) => t <= runOffset).length);
    };
    const kept = await playOut(job, sim.warmupMs + sim.restMs + sim.runMs, turnAt, 0);
    lastRealMs = clock();
    if (!kept) {
      summary.status = "abandoned";
      summary.detail = "lease_lost on heartbeat";
      report.jobs.push(summary);
      opts.onJob?.(summary);
      continue;
    }
    try {
      const { status, runId, passed, outcome, superseded } = await client.result(job.id, trace);
      summary.response = { runId, passed, outcome, superseded };
      summary.httpStatus = status;
    } catch (e) {
      if (!(e instanceof ProtocolHttpError)) throw e;
      summary.status = e.status === 409 ? "abandoned" : "rejected";
      summary.httpStatus = e.status;
      summary.detail = `${e.status} ${JSON.stringify(e.body).slice(0, 500)}`;
    }
    report.jobs.push(summary);
    opts.onJob?.(summary);
  }
  return report;
}
