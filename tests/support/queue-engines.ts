/**
 * The queue aggregate on either engine, for tests that run the same behaviour on both:
 * `makeStore("sqlite" | "postgres")` gives a context on a fresh database with the mini suite loaded,
 * a controllable clock, and seeding helpers.
 *
 * The sessions and devices aggregates are not behind the store interface yet (issue 18, step 2),
 * so sessions, jobs and devices are seeded here as rows through each engine's drizzle schema (the
 * rows createSession and createDevice write), announcing the new jobs as createSession does: an
 * event on SQLite, `pg_notify` inside the seeding transaction on PostgreSQL.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { drizzle as drizzleSqlite } from "drizzle-orm/better-sqlite3";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import * as sqliteSchema from "@db/schema";
import * as pgSchema from "@db/schema-pg";
import { validateSuite } from "@/domain/suite-validation/validate";
import type { Suite } from "@/domain/suite/schema";
import { createContext, createPgContext, type Ctx } from "@/server/context";
import { loadRepositorySuites } from "@/server/boot";
import { hashToken } from "@/server/ids";
import { sqliteDatabase } from "@/server/store/sqlite";
import { miniSuite } from "./fixtures";
import { pgTestDatabase, pgUrl } from "./pg";

export type Engine = "sqlite" | "postgres";
export const ENGINES: Engine[] = ["sqlite", "postgres"];
/** PostgreSQL runs only where the test server started (tests/support/pg-global.ts says when it did not). */
export const engineMissing = (e: Engine) => e === "postgres" && !pgUrl;

export interface QueueSeed {
  jobs: number;
  leaseSeconds?: number;
  maxAttempts?: number;
  /** issue 20.4: pinned to these devices */
  deviceIds?: string[];
}

export interface QueueHarness {
  engine: Engine;
  ctx: Ctx;
  now(): number;
  advance(ms: number): void;
  /** A paired device (its row); returns its id. */
  device(id: string, opts?: { paused?: boolean }): Promise<string>;
  /** A session with `jobs` queued jobs (tasks of the mini suite in turn, config `files`). */
  queue(seed: QueueSeed): Promise<{ sessionId: string; jobIds: string[] }>;
  /** Rows in a table (the counts tests compare across engines). */
  count(table: "runs" | "scores" | "traces" | "turns" | "leases", where?: { jobId?: string }): Promise<number>;
  /** A job's state and attempt. */
  job(id: string): Promise<{ state: string; attempt: number; failureReason: string | null }>;
  /** PostgreSQL only: another dashboard process on the same database (its own pool and LISTEN connection). */
  otherProcess(): Promise<Ctx>;
  /** The PostgreSQL URL (empty on SQLite). */
  url: string;
  close(): Promise<void>;
}

const FIXTURES = path.join(__dirname, "..", "fixtures", "suites");

function mini(): Suite {
  const r = validateSuite(miniSuite(), []);
  if (!r.ok) throw new Error(r.problems.map((p) => p.message).join("; "));
  return r.suite;
}

/** `columnar: false`: a SQLite store whose analytics read SQLite itself, not the columnar mirror (ADR 12). */
export async function makeStore(engine: Engine, opts: { columnar?: boolean } = {}): Promise<QueueHarness> {
  let now = Date.parse("2026-10-14T09:00:00Z");
  const clock = () => now;
  let sessions = 0;
  const suite = mini();
  const sessionRow = (id: string, s: QueueSeed) => ({
    id,
    name: `Session ${id}`,
    suiteId: suite.id,
    suiteVersion: suite.version,
    trial: false,
    jobOrder: "blocked",
    seed: 1,
    repeats: s.jobs,
    leaseSeconds: s.leaseSeconds ?? 120,
    maxAttempts: s.maxAttempts ?? 3,
    notes: null,
    taskIds: JSON.stringify(suite.tasks.map((t) => t.id)),
    configIds: JSON.stringify(["files"]),
    createdAt: now,
    cancelledAt: null,
    deviceIds: s.deviceIds ? JSON.stringify(s.deviceIds) : null,
  });
  const jobRows = (sessionId: string, n: number) =>
    Array.from({ length: n }, (_, i) => {
      const task = suite.tasks[i % suite.tasks.length];
      const config = suite.configs.find((c) => c.id === "files")!;
      return {
        id: `job_${sessionId.slice(4)}_${String(i).padStart(4, "0")}`,
        sessionId,
        position: i,
        taskId: task.id,
        taskVersion: task.version,
        configId: config.id,
        configVersion: config.version,
        repeat: Math.floor(i / suite.tasks.length) + 1,
        state: "queued",
        attempt: 1,
        updatedAt: now,
      };
    });
  const deviceRow = (id: string, paused?: boolean) => ({
    id,
    name: id,
    tokenHash: hashToken(`token-${id}`),
    createdAt: now,
    pausedAt: paused ? now : null,
  });
  const nextSessionId = () => `ses_${String(++sessions).padStart(4, "0")}`;

  if (engine === "sqlite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-queue-"));
    const ctx = createContext(path.join(dir, "test.db"), clock, undefined, opts);
    const boot = await loadRepositorySuites(ctx, FIXTURES);
    if (boot.problems.length) throw new Error(boot.problems.join("\n"));
    const db = drizzleSqlite(sqliteDatabase(ctx.store), { schema: sqliteSchema });
    return {
      engine,
      ctx,
      url: "",
      now: clock,
      advance: (ms) => void (now += ms),
      device: async (id, opts = {}) => {
        db.insert(sqliteSchema.devices).values(deviceRow(id, opts.paused)).run();
        return id;
      },
      queue: async (s) => {
        const id = nextSessionId();
        const jobs = jobRows(id, s.jobs);
        db.transaction((tx) => {
          tx.insert(sqliteSchema.sessions).values(sessionRow(id, s)).run();
          if (jobs.length) tx.insert(sqliteSchema.jobs).values(jobs).run();
        });
        ctx.events.emit("jobs");
        return { sessionId: id, jobIds: jobs.map((j) => j.id) };
      },
      count: async (table, where = {}) => {
        const t = sqliteSchema[table];
        const q = db.select({ n: sql<number>`COUNT(*)` }).from(t);
        const row = where.jobId && "jobId" in t ? q.where(eq(t.jobId, where.jobId)).get() : q.get();
        return row?.n ?? 0;
      },
      job: async (id) => {
        const j = sqliteSchema.jobs;
        const row = db
          .select({ state: j.state, attempt: j.attempt, failureReason: j.failureReason })
          .from(j)
          .where(eq(j.id, id))
          .get();
        if (!row) throw new Error(`no job ${id}`);
        return row;
      },
      otherProcess: () => Promise.reject(new Error("SQLite has one writer: there is no second process to test")),
      close: async () => {
        await ctx.store.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }

  const t = await pgTestDatabase();
  const { default: pg } = await import("pg");
  const seedPool = new pg.Pool({ connectionString: t.url, max: 2 });
  const db = drizzlePg(seedPool, { schema: pgSchema });
  const contexts: Ctx[] = [];
  const open = async () => {
    const c = await createPgContext(t.url, { now: clock, poolMax: 4, columnar: opts.columnar });
    contexts.push(c);
    return c;
  };
  const ctx = await open();
  await db.insert(pgSchema.suites).values({
    id: suite.id,
    version: suite.version,
    name: suite.name ?? null,
    doc: JSON.stringify(suite),
    contentHash: "test",
    isDefault: true,
    loadedAt: now,
  });
  await db.insert(pgSchema.tasks).values(
    suite.tasks.map((x) => ({
      suiteId: suite.id,
      taskId: x.id,
      version: x.version,
      group: x.group,
      heldOut: !!x.heldOut,
      doc: JSON.stringify(x),
      contentHash: "test",
    })),
  );
  await db.insert(pgSchema.configs).values(
    suite.configs.map((c) => ({
      suiteId: suite.id,
      configId: c.id,
      version: c.version,
      doc: JSON.stringify(c),
      contentHash: "test",
    })),
  );
  return {
    engine,
    ctx,
    url: t.url,
    now: clock,
    advance: (ms) => void (now += ms),
    device: async (id, opts = {}) => {
      await db.insert(pgSchema.devices).values(deviceRow(id, opts.paused));
      return id;
    },
    queue: async (s) => {
      const id = nextSessionId();
      const jobs = jobRows(id, s.jobs);
      await db.transaction(async (tx) => {
        await tx.insert(pgSchema.sessions).values(sessionRow(id, s));
        if (jobs.length) await tx.insert(pgSchema.jobs).values(jobs);
        // As createSession will on PostgreSQL: every process's LISTEN hears it at commit.
        await tx.execute(sql`SELECT pg_notify('harness_lab_jobs', '')`);
      });
      return { sessionId: id, jobIds: jobs.map((j) => j.id) };
    },
    count: async (table, where = {}) => {
      const tb = pgSchema[table];
      const q = db.select({ n: sql<number>`COUNT(*)::int` }).from(tb);
      const [row] = where.jobId && "jobId" in tb ? await q.where(eq(tb.jobId, where.jobId)) : await q;
      return row?.n ?? 0;
    },
    job: async (id) => {
      const j = pgSchema.jobs;
      const [row] = await db
        .select({ state: j.state, attempt: j.attempt, failureReason: j.failureReason })
        .from(j)
        .where(eq(j.id, id));
      if (!row) throw new Error(`no job ${id}`);
      return row;
    },
    otherProcess: open,
    close: async () => {
      await Promise.all(contexts.map((c) => c.store.close()));
      await seedPool.end();
      await t.drop();
    },
  };
}
