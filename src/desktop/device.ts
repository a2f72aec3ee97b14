import type { Job, Trace } from "@/domain/protocol";
import type { HistoryMode } from "./conversation";
import { type DesktopRunOptions, InfrastructureError, RunAborted, ServerWindowTooSmall, runDesktopJob } from "./run";
import { type ServerInfo, probeServer, serverAnswers } from "./server-info";
import { ProtocolAbortedError, ProtocolHttpError, createDeviceClient, defaultSleep } from "@harness-lab/protocol";

/**
 * The desktop device: speaks protocol v1 exactly like a phone (poll with wait, heartbeat every
 * heartbeatSeconds, result, fail for infrastructure failures) and runs each job against an
 * OpenAI-compatible endpoint with the harness the job describes.
 */

/** What each job runs with (the run's own options, minus the job), plus how the device polls. */
export interface DesktopDeviceOptions extends Pick<
  DesktopRunOptions,
  "device" | "build" | "endpoint" | "model" | "stream" | "history" | "maxTurns"
> {
  url: string;
  token: string;
  waitSeconds?: number;
  stopWhenIdle?: boolean;
  maxJobs?: number;
  /** Lease only jobs of these sessions (protocol v1.1 poll `sessions`). */
  sessions?: string[];
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  signal?: AbortSignal;
  log?: (line: string) => void;
}

export interface DesktopJobReport {
  jobId: string;
  taskId: string;
  configId: string;
  status: "submitted" | "failed" | "abandoned" | "rejected";
  endReason?: string;
  runId?: string;
  passed?: boolean;
  outcome?: string;
  detail?: string;
  trace?: Trace;
}

export async function runDesktopDevice(opts: DesktopDeviceOptions): Promise<DesktopJobReport[]> {
  const doFetch = opts.fetch ?? fetch;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const log = opts.log ?? (() => {});
  const wait = Math.max(0, Math.min(30, opts.waitSeconds ?? 20));
  const reports: DesktopJobReport[] = [];
  const stopped = () => opts.signal?.aborted === true;
  let history: HistoryMode = opts.history ?? "native";

  /** A finished trace is never dropped: no answer, 5xx and 429 are retried with backoff (polls until stopped). */
  const client = createDeviceClient({
    url: opts.url,
    token: opts.token,
    fetch: doFetch,
    sleep,
    onRetry: (e) =>
      log(
        `${e.path} failed (${e.error instanceof Error ? e.error.message : String(e.error)}); retrying in ${e.delayMs} ms`,
      ),
  });
  const probe = {
    baseUrl: opts.endpoint.baseUrl,
    apiKey: opts.endpoint.apiKey,
    model: opts.model,
    fetch: opts.endpoint.fetch,
  };
  let warnedDropped = false;

  /**
   * No job is leased while the model server does not answer: a dead server would otherwise fail
   * every job it is given (3 jobs × 3 attempts = 9 fails in 54 s). Waits with backoff, polling it.
   */
  async function untilServerAnswers(): Promise<void> {
    let delay = 2_000;
    let said = false;
    while (!stopped() && !(await serverAnswers(probe))) {
      if (!said)
        log(
          `the model server at ${opts.endpoint.baseUrl} is not answering; not taking jobs until it does (checking again with backoff up to 60 s)`,
        );
      said = true;
      await sleep(delay);
      delay = Math.min(60_000, delay * 2);
    }
    if (said && !stopped()) log(`the model server at ${opts.endpoint.baseUrl} answers again; taking jobs`);
  }

  await untilServerAnswers();
  const server: ServerInfo = stopped() ? { window: null, tokenize: null } : await probeServer(probe);
  log(
    server.window
      ? `model server window: ${server.window.tokens} tokens (${server.window.source})`
      : "model server window: not reported (a config larger than it is found by its first refusal)",
  );
  if (server.tokenize) log("model server tokenizer: /tokenize (room in the window is counted exactly)");

  while (!stopped() && (opts.maxJobs === undefined || reports.length < opts.maxJobs)) {
    await untilServerAnswers();
    if (stopped()) break;
    let job: Job | null;
    const body = {
      device: opts.device,
      build: opts.build,
      state: { thermal: "nominal" as const },
      ...(opts.sessions?.length ? { sessions: opts.sessions } : {}),
    };
    try {
      job = await client.poll(body, { wait, signal: opts.signal });
    } catch (e) {
      if (stopped() || e instanceof ProtocolAbortedError) break;
      if (e instanceof ProtocolHttpError && e.status === 401)
        throw new Error(
          "The dashboard refused the device token (401): create a new one on the dashboard's /devices page and pass it with --token.",
          { cause: e },
        );
      throw e;
    }
    if (job === null) {
      if (opts.stopWhenIdle) break;
      continue;
    }
    const report: DesktopJobReport = {
      jobId: job.id,
      taskId: job.task.id,
      configId: job.config.id,
      status: "submitted",
    };
    log(`job ${job.id}: ${job.task.id} × ${job.config.id} (repeat ${job.repeat}, attempt ${job.attempt})`);

    // Heartbeats on the lease's cadence; a lost lease stops the run through the endpoint's signal.
    const lease = new AbortController();
    const onStop = () => lease.abort();
    opts.signal?.addEventListener("abort", onStop);
    let turn = 0;
    // Beats in real time whatever `sleep` the options inject (tests make retry waits instant).
    const beat = client.startHeartbeat(job, {
      sleep: defaultSleep,
      turn: () => turn,
      onLeaseLost: () => lease.abort(),
      onError: (e) => log(`heartbeat failed: ${e instanceof Error ? e.message : String(e)}`),
    });
    try {
      const run = await runDesktopJob({
        job,
        device: opts.device,
        build: opts.build,
        model: opts.model,
        stream: opts.stream,
        history,
        maxTurns: opts.maxTurns,
        endpoint: { ...opts.endpoint, signal: lease.signal },
        serverWindow: server.window,
        tokenize: server.tokenize,
        onTurn: (n) => {
          turn = n;
        },
        onHistoryFallback: (reason) => {
          if (history === "text") return;
          history = "text";
          log(
            `the endpoint's chat template refused tool messages (${reason.slice(0, 160)}); sending history as text from now on`,
          );
        },
      });
      beat.stop();
      if (run.toolsDropped && !warnedDropped) {
        warnedDropped = true;
        log(
          `config ${job.config.id}: the start-up prompt came out at ${run.trace.load.startupTokens} tokens, far below its tool definitions: the server's chat template seems to leave the tools out (llama.cpp: use --jinja with a template that supports tools). Runs are marked toolsDropped`,
        );
      }
      report.trace = run.trace;
      report.endReason = run.trace.end.reason;
      const r = await client.result(job.id, run.trace);
      Object.assign(report, { runId: r.runId, passed: r.passed, outcome: r.outcome });
      log(
        `job ${job.id}: ${run.trace.end.reason} after ${run.trace.turns.length} turns → ${r.outcome}${r.passed ? " (passed)" : ""}`,
      );
    } catch (e) {
      beat.stop();
      if (e instanceof InfrastructureError) {
        report.status = "failed";
        report.detail = `${e.reason}: ${e.message}`;
        log(`job ${job.id}: cannot run (${report.detail}); reporting it with /fail`);
        await client
          .fail(job.id, { leaseToken: job.lease.token, reason: e.reason, detail: e.message.slice(0, 10_000) })
          .catch((err) => {
            if (!(err instanceof ProtocolHttpError && err.status === 409)) throw err;
          });
        // No job can run until the server is restarted with a larger window: stop instead of failing every job.
        if (e instanceof ServerWindowTooSmall) {
          reports.push(report);
          throw new Error(e.message, { cause: e });
        }
        // A server that died is waited for before the next lease (untilServerAnswers).
      } else if (e instanceof RunAborted || (e instanceof ProtocolHttpError && e.status === 409)) {
        report.status = "abandoned";
        report.detail = "the lease was lost (or the device was stopped); the job was abandoned";
        log(`job ${job.id}: ${report.detail}`);
      } else if (e instanceof ProtocolHttpError) {
        report.status = "rejected";
        report.detail = e.message;
        log(`job ${job.id}: the dashboard refused the trace: ${e.message}`);
      } else {
        // A bug here must not take the device down with the job still leased: hand the job back.
        report.status = "failed";
        report.detail = `device_error: ${e instanceof Error ? e.message : String(e)}`.slice(0, 2000);
        log(`job ${job.id}: ${report.detail}; reporting it with /fail`);
        await client
          .fail(job.id, { leaseToken: job.lease.token, reason: "device_error", detail: report.detail })
          .catch((err) => {
            if (!(err instanceof ProtocolHttpError && err.status === 409)) throw err;
          });
      }
    } finally {
      opts.signal?.removeEventListener("abort", onStop);
    }
    reports.push(report);
  }
  return reports;
}
