/**
 * Fills a fresh database with `runs` realistic runs: sessions and jobs as createSession writes them,
 * and each run through ingest's own writer (writeRun, with runRowOf's row), in one transaction per
 * session. Traces come from a pool of simulated runs (see tracePool.ts).
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
import { EventEmitter } from "node:events";
import { drizzle } from "drizzle-orm/better-sqlite3";
import * as schema from "../../db/schema";
import type { Db } from "../../db/client";
import { runRowOf } from "../../src/domain/queue";
import type { DbCtx } from "../../src/server/store/sqlite/dbCtx";
import { writeRun } from "../../src/server/store/sqlite/writeRun";
import { bulkLoad } from "./bulkLoad";
import { addDictionary } from "../../db/traceCodec.mjs";
import { trainDictionary } from "../../db/traceDictionary.mjs";

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
    lease: db.prepare(
      "INSERT INTO leases (token_hash, job_id, attempt, device_id, issued_at, reported_device_id) VALUES (?, ?, 1, ?, ?, ?)",
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
    // Runs, traces, turns and scores go through ingest's own writer (store/sqlite/writeRun.ts) with
    // ingest's own run row (runRowOf), on this connection: a seeded database holds what phones
    // would have left, by construction. The score's created_at is the run's receivedAt (`now`).
    let now = 0;
    const dbCtx: DbCtx = { drizzle: drizzle(db, { schema }) as Db, now: () => now, events: new EventEmitter() };
    // Score ids are AUTOINCREMENT rowids: a session's scores are the ids past the largest before it
    // (MAX of the rowid is one b-tree step; the secondary indexes are dropped while loading).
    const lastScoreId = db.prepare("SELECT COALESCE(MAX(id), 0) AS id FROM scores").pluck();

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

    // The dashboard trains its traces' compression dictionary once a database holds a few hundred
    // and rewrites the older bodies with it (src/server/store/sqlite/compactTraces.ts); the seed
    // trains it up front, from 96 of its simulated traces spread over the pool, so that every body
    // is written as a compacted database holds it.
    const trainOn = Array.from(
      { length: Math.min(96, pool.length) },
      (_, i) => pool[Math.floor((i * pool.length) / 96)],
    );
    const trained = trainDictionary(
      trainOn.map(
        (e) => traceBody(e, { LT: newToken("lease"), BC: "seed", SA: e.trace.startedAt, EA: e.trace.endedAt }).body,
      ),
    );
    if (trained) addDictionary(db, trained.bytes, { samples: trainOn.length, now: Date.UTC(2026, 8, 1) });

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
        const firstScore = (lastScoreId.get() as number) + 1;
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
          ins.lease.run(tokenHash, jobId, deviceId, issuedAt, e.trace.device.id);
          now = receivedAt;
          writeRun(dbCtx, {
            run: runRowOf({
              id: runId,
              job: {
                id: jobId,
                sessionId,
                taskId: p.taskId,
                taskVersion: e.task.version,
                configId: p.configId,
                configVersion: e.config.version,
                repeat: p.repeat,
              },
              trace: { ...e.trace, build: { ...e.trace.build, commit: build }, startedAt },
              task: e.task,
              config: e.config,
              leaseTokenHash: tokenHash,
              lease: { deviceId, reportedDeviceId: e.trace.device.id },
              receivedAt,
              superseded: false,
            }),
            rawBody: body,
            turns: e.trace.turns,
            score: e.score,
            // The job row above is written completed, pointing at this run (as ingest leaves it).
            completesJob: false,
          });
          firstRun ||= runId;
          lastRun = runId;
          written++;
        });
        // Run ids are monotonic ULIDs and score ids rowids: the session's runs are these two ranges.
        if (firstRun) facts({ scores: [firstScore, lastScoreId.get() as number], runs: [firstRun, lastRun] });
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
