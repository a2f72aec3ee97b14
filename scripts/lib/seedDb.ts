/**
 * Fills a fresh database with `runs` realistic runs, writing the rows submitResult, insertTurns,
 * insertScore and createSession would write (same columns, same JSON), in one transaction per
 * session with prepared statements. Traces come from a pool of simulated runs (see tracePool.ts).
 */
import fs from "node:fs";
import path from "node:path";
import type { Trace } from "../../src/domain/protocol";
import { planJobs } from "../../src/domain/queue";
import type { Suite } from "../../src/domain/suite/schema";
import { createContext, type Ctx } from "../../src/server/context";
import { loadRepositorySuites } from "../../src/server/boot";
import { hashToken, newId, newToken } from "../../src/server/ids";
import { buildPool, type PoolEntry } from "./tracePool";
import type Database from "better-sqlite3";
import { bulkLoad } from "./bulkLoad";

export interface SeedOptions {
  runs: number;
  seed: number;
  /** Distinct simulated traces per task × config. */
  variants?: number;
  /** Repeats per session: 12 × 24 tasks × 7 configs ≈ 2,000 runs per session. */
  repeats?: number;
  log?: (line: string) => void;
}

export interface SeedReport {
  ctx: Ctx;
  suite: Suite;
  pool: PoolEntry[];
  sessions: string[];
  runs: number;
  poolMs: number;
  insertMs: number;
  traceBytes: { min: number; median: number; max: number; mean: number };
  dbBytes: number;
}

const BUILDS = ["sim-3f2c1e9", "sim-8a41d07"];
const DAY = 86_400_000;

type Marker = "LT" | "BC" | "SA" | "EA";
const MARK = /^@@seed:(LT|BC|SA|EA)@@$/;
const MARK_PREFIX = "@@seed:";
const MARK_LEN = "@@seed:LT@@".length;

/** `trace` as JSON with the per-run fields as markers, split around them (the same key order as `{ ...trace, … }`). */
function bodyTemplate(trace: Trace) {
  const json = JSON.stringify({
    ...trace,
    leaseToken: "@@seed:LT@@",
    build: { ...trace.build, commit: "@@seed:BC@@" },
    startedAt: "@@seed:SA@@",
    endedAt: "@@seed:EA@@",
  } satisfies Trace);
  // Split at the markers by indexOf: a global RegExp's matchAll + split over 1,440 bodies of
  // 5–40 KB took 4.2 s of a 10k-run seed (V8 runs the regex over each body twice, from every offset).
  const order: Marker[] = [];
  const parts: string[] = [];
  let from = 0;
  for (let at = json.indexOf(MARK_PREFIX); at >= 0; at = json.indexOf(MARK_PREFIX, from)) {
    const m = MARK.exec(json.slice(at, at + MARK_LEN));
    if (!m) throw new Error(`a pooled trace contains "${MARK_PREFIX}" that is not a seed marker`);
    parts.push(json.slice(from, at));
    order.push(m[1] as Marker);
    from = at + MARK_LEN;
  }
  parts.push(json.slice(from));
  if (order.length !== 4) throw new Error(`a pooled trace has ${order.length} seed markers instead of 4`);
  return { order, parts, staticBytes: parts.reduce((n, p) => n + Buffer.byteLength(p), 0) };
}

/** The seed's INSERTs: the columns submitResult, insertTurns, insertScore and createSession write. */
function statements(db: Database.Database) {
  return {
    session: db.prepare(
      `INSERT INTO sessions (id, name, suite_id, suite_version, trial, job_order, seed, repeats, lease_seconds, max_attempts, notes, task_ids, config_ids, created_at)
     VALUES (?, ?, ?, ?, 0, 'interleaved', ?, ?, 120, 3, NULL, ?, ?, ?)`,
    ),
    job: db.prepare(
      `INSERT INTO jobs (id, session_id, position, task_id, task_version, config_id, config_version, repeat, state, attempt, leased_by, run_id, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?)`,
    ),
    lease: db.prepare("INSERT INTO leases (token_hash, job_id, attempt, device_id, issued_at) VALUES (?, ?, 1, ?, ?)"),
    run: db.prepare(
      `INSERT INTO runs (id, job_id, session_id, lease_token_hash, attempt, task_id, task_version, task_group, held_out,
       config_id, config_version, repeat, device_id, device_model, build_commit, model, started_at, received_at,
       thermal_at_start, charging, superseded, context_window)
     VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)`,
    ),
    trace: db.prepare("INSERT INTO traces (run_id, body, bytes) VALUES (?, ?, ?)"),
    turn: db.prepare(
      "INSERT INTO turns (run_id, idx, prompt_tokens, context_tokens, ttft_ms, output_tokens, decode_ms) VALUES (?, ?, ?, ?, ?, ?, ?)",
    ),
    score: db.prepare(
      `INSERT INTO scores (run_id, task_version, current, created_at, passed, outcome, outcome_reason, end_reason, looping,
       repatches, milestones_reached, milestones_total, tool_calls, failed_tool_calls, turn_count, first_ttft_ms,
       median_turn_ms, load_ms, startup_tokens, peak_context_tokens, output_tokens, checks, progress, metrics, call_pattern, call_ok,
       milestone_calls)
     VALUES (?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
  };
}

export async function seedDatabase(dbPath: string, opts: SeedOptions): Promise<SeedReport> {
  const log = opts.log ?? (() => {});
  const variants = opts.variants ?? 6;
  const repeats = opts.repeats ?? 12;
  fs.mkdirSync(path.dirname(path.resolve(dbPath)), { recursive: true });
  // The suite is loaded as the dashboard loads it; the context is then closed, because the bulk
  // load writes on a connection alone on the file (bulkLoad.ts), and opened again at the end.
  const boot = createContext(dbPath);
  const loaded = await loadRepositorySuites(boot, path.join(process.cwd(), "suites"));
  if (loaded.problems.length) throw new Error(loaded.problems.join("\n"));
  const suite = await boot.store.sessions.resolveSuite();
  await boot.store.close();

  const t0 = performance.now();
  const pool = await buildPool(suite, variants, opts.seed);
  const poolMs = performance.now() - t0;
  log(`pool: ${pool.length} simulated traces of ${suite.id}@${suite.version} in ${(poolMs / 1000).toFixed(1)} s`);
  const byCell = new Map<string, PoolEntry[]>();
  for (const e of pool) {
    const k = `${e.task.id}|${e.config.id}`;
    byCell.set(k, [...(byCell.get(k) ?? []), e]);
  }

  const sessions: string[] = [];
  const sizes: number[] = [];
  let written = 0;
  const t1 = performance.now();
  bulkLoad(dbPath, (db, facts) => {
    const deviceId = newId("dev");
    db.prepare("INSERT INTO devices (id, name, token_hash, created_at) VALUES (?, ?, ?, ?)").run(
      deviceId,
      "seeded phones",
      hashToken(newToken("hl")),
      Date.UTC(2026, 8, 1),
    );
    const ins = statements(db);
    // A score's JSON columns are the same for every reuse of a pool entry: stringify them once.
    const scoreJson = new Map(
      pool.map((e) => [
        e,
        [
          JSON.stringify(e.score.checks),
          JSON.stringify(e.score.progress),
          JSON.stringify(e.score.metrics),
          JSON.stringify(e.score.callOk),
          JSON.stringify(e.score.milestoneCalls),
        ],
      ]),
    );

    // Each run's body is its pool entry's trace with four fields replaced (lease token, build commit,
    // start and end): the JSON is written once per entry with markers and spliced per run, instead of
    // a 21 KB JSON.stringify per run (most of the seed's time and garbage at 1M runs).
    const templates = new Map(pool.map((e) => [e, bodyTemplate(e.trace)]));
    const durations = new Map(pool.map((e) => [e, Date.parse(e.trace.endedAt) - Date.parse(e.trace.startedAt)]));
    const traceBody = (e: PoolEntry, values: Record<Marker, string>) => {
      const t = templates.get(e)!;
      let body = t.parts[0];
      let bytes = t.staticBytes;
      for (let i = 0; i < t.order.length; i++) {
        const v = values[t.order[i]];
        body += v + t.parts[i + 1];
        bytes += Buffer.byteLength(v);
      }
      return { body, bytes };
    };

    const taskIds = suite.tasks.map((t) => t.id);
    const configIds = suite.configs.map((c) => c.id);
    const perSession = taskIds.length * configIds.length * repeats;
    for (let k = 0; written < opts.runs; k++) {
      const sessionId = newId("ses");
      sessions.push(sessionId);
      const createdAt = Date.UTC(2026, 8, 1) + (k * DAY) / 2;
      const build =
        BUILDS[Math.floor((k * BUILDS.length) / Math.ceil(opts.runs / perSession))] ?? BUILDS[BUILDS.length - 1];
      const planned = planJobs(taskIds, configIds, repeats, "interleaved", opts.seed * 7919 + k);
      db.transaction(() => {
        let firstScore = 0;
        let lastScore = 0;
        let firstRun = "";
        let lastRun = "";
        ins.session.run(
          sessionId,
          `seeded ${k + 1}`,
          suite.id,
          suite.version,
          opts.seed * 7919 + k,
          repeats,
          JSON.stringify(taskIds),
          JSON.stringify(configIds),
          createdAt,
        );
        planned.forEach((p, position) => {
          const jobId = newId("job");
          const entry = byCell.get(`${p.taskId}|${p.configId}`)!;
          const e = entry[(k * 31 + p.repeat) % entry.length];
          if (written >= opts.runs) {
            ins.job.run(
              jobId,
              sessionId,
              position,
              p.taskId,
              e.task.version,
              p.configId,
              e.config.version,
              p.repeat,
              "queued",
              null,
              null,
              createdAt,
            );
            return;
          }
          const runId = newId("run");
          const token = newToken("lease");
          const tokenHash = hashToken(token);
          const issuedAt = createdAt + 60_000 + position * 30_000;
          const receivedAt = issuedAt + 25_000;
          const dur = durations.get(e)!;
          const startedAt = new Date(receivedAt - dur - 500).toISOString();
          const { body, bytes } = traceBody(e, {
            LT: token,
            BC: build,
            SA: startedAt,
            EA: new Date(receivedAt - 500).toISOString(),
          });
          sizes.push(bytes);
          ins.job.run(
            jobId,
            sessionId,
            position,
            p.taskId,
            e.task.version,
            p.configId,
            e.config.version,
            p.repeat,
            "completed",
            deviceId,
            runId,
            receivedAt,
          );
          ins.lease.run(tokenHash, jobId, deviceId, issuedAt);
          ins.run.run(
            runId,
            jobId,
            sessionId,
            tokenHash,
            p.taskId,
            e.task.version,
            e.task.group,
            e.task.heldOut ? 1 : 0,
            p.configId,
            e.config.version,
            p.repeat,
            e.trace.device.id,
            e.trace.device.model,
            build,
            e.trace.build.model,
            startedAt,
            receivedAt,
            e.trace.conditions?.thermalAtStart ?? null,
            e.trace.conditions?.charging === undefined ? null : e.trace.conditions.charging ? 1 : 0,
            e.config.contextWindow,
          );
          ins.trace.run(runId, body, bytes);
          e.trace.turns.forEach((t, i) =>
            ins.turn.run(runId, i, t.promptTokens, t.contextTokens, t.ttftMs, t.outputTokens, t.decodeMs),
          );
          const s = e.score;
          const m = s.metrics;
          const [checks, progress, metrics, callOk, milestoneCalls] = scoreJson.get(e)!;
          const scoreId = ins.score.run(
            runId,
            e.task.version,
            receivedAt,
            s.passed ? 1 : 0,
            s.outcome,
            s.outcomeReason,
            s.endReason,
            s.looping ? 1 : 0,
            s.repatches,
            s.milestonesReached,
            s.milestonesTotal,
            m.toolCalls,
            m.failedToolCalls,
            m.turns,
            m.firstTtftMs,
            m.medianTurnMs,
            m.loadMs,
            m.startupTokens,
            m.peakContextTokens,
            m.outputTokens,
            checks,
            progress,
            metrics,
            s.callPattern,
            callOk,
            milestoneCalls,
          ).lastInsertRowid as number;
          firstScore ||= scoreId;
          lastScore = scoreId;
          firstRun ||= runId;
          lastRun = runId;
          written++;
        });
        // Run ids are monotonic ULIDs and score ids rowids: the session's runs are these two ranges.
        if (firstRun) facts({ scores: [firstScore, lastScore], runs: [firstRun, lastRun] });
      })();
      if (k % 10 === 9) log(`  ${written} runs…`);
    }
    log(
      `  rows written in ${((performance.now() - t1) / 1000).toFixed(1)} s (run_facts with each session); turn_facts and the indexes next`,
    );
  });
  const insertMs = performance.now() - t1;
  const ctx = createContext(dbPath);
  sizes.sort((a, b) => a - b);
  const dbBytes = fs.statSync(dbPath).size;
  return {
    ctx,
    suite,
    pool,
    sessions,
    runs: written,
    poolMs,
    insertMs,
    dbBytes,
    traceBytes: {
      min: sizes[0],
      median: sizes[sizes.length >> 1],
      max: sizes[sizes.length - 1],
      mean: Math.round(sizes.reduce((a, b) => a + b, 0) / sizes.length),
    },
  };
}
