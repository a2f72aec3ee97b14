/**
 * Rows for the PostgreSQL queue benchmark, written as createSession and createDevice write them
 * (as tests/support/queue-engines.ts does): the default suite's documents, paired devices, and
 * sessions of queued jobs announced with `pg_notify` in the same transaction, as createSession
 * does on PostgreSQL.
 */
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { validateSuite } from "../../../src/domain/suite-validation/validate";
import type { Suite } from "../../../src/domain/suite/schema";
import { hashToken } from "../../../src/server/ids";

export function defaultSuite(): Suite {
  const doc = JSON.parse(fs.readFileSync(path.join(process.cwd(), "suites", "phone-20.json"), "utf8")) as unknown;
  const r = validateSuite(doc, []);
  if (!r.ok) throw new Error(`suites/phone-20.json does not validate: ${r.problems.map((p) => p.message).join("; ")}`);
  return r.suite;
}

export async function seedSuite(pool: pg.Pool, suite: Suite, devices: string[]) {
  const now = Date.now();
  await pool.query(
    `INSERT INTO suites (id, version, name, doc, content_hash, is_default, loaded_at) VALUES ($1, $2, $3, $4, 'bench', true, $5)`,
    [suite.id, suite.version, suite.name ?? null, JSON.stringify(suite), now],
  );
  for (const t of suite.tasks)
    await pool.query(
      `INSERT INTO tasks (suite_id, task_id, version, group_name, held_out, doc, content_hash) VALUES ($1, $2, $3, $4, $5, $6, 'bench')`,
      [suite.id, t.id, t.version, t.group, !!t.heldOut, JSON.stringify(t)],
    );
  for (const c of suite.configs)
    await pool.query(
      `INSERT INTO configs (suite_id, config_id, version, doc, content_hash) VALUES ($1, $2, $3, $4, 'bench')`,
      [suite.id, c.id, c.version, JSON.stringify(c)],
    );
  for (const id of devices)
    await pool.query(`INSERT INTO devices (id, name, token_hash, created_at) VALUES ($1, $1, $2, $3)`, [
      id,
      hashToken(`token-${id}`),
      now,
    ]);
}

// VALUES parameters arrive untyped (text): cast the numeric columns of jobs.
const CASTS = ["", "", "::int", "", "::int", "", "::int", "::int", "", "::bigint"];
let sessions = 0;
/** A session of `jobs` queued jobs over the suite's tasks and configs; returns the job ids. */
export async function seedQueue(pool: pg.Pool, suite: Suite, jobs: number, maxAttempts = 3): Promise<string[]> {
  const id = `ses_bench${String(++sessions).padStart(5, "0")}`;
  const now = Date.now();
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await client.query(
      `INSERT INTO sessions (id, name, suite_id, suite_version, trial, job_order, seed, repeats, lease_seconds, max_attempts,
                             task_ids, config_ids, created_at)
       VALUES ($1, $1, $2, $3, false, 'interleaved', 1, $4, 120, $5, $6, $7, $8)`,
      [
        id,
        suite.id,
        suite.version,
        Math.ceil(jobs / (suite.tasks.length * suite.configs.length)),
        maxAttempts,
        JSON.stringify(suite.tasks.map((t) => t.id)),
        JSON.stringify(suite.configs.map((c) => c.id)),
        now,
      ],
    );
    const ids: string[] = [];
    for (let from = 0; from < jobs; from += 500) {
      const values: unknown[] = [];
      const rows: string[] = [];
      for (let i = from; i < Math.min(jobs, from + 500); i++) {
        const task = suite.tasks[i % suite.tasks.length];
        const config = suite.configs[Math.floor(i / suite.tasks.length) % suite.configs.length];
        const jobId = `job_${id.slice(4)}_${String(i).padStart(6, "0")}`;
        ids.push(jobId);
        const b = values.length;
        rows.push(`(${CASTS.map((cast, k) => `$${b + k + 1}${cast}`).join(", ")})`);
        values.push(jobId, id, i, task.id, task.version, config.id, config.version, 1, "queued", now);
      }
      await client.query(
        `INSERT INTO jobs (id, session_id, position, task_id, task_version, config_id, config_version, repeat, state, updated_at, attempt)
         SELECT v.*, 1 FROM (VALUES ${rows.join(", ")}) AS v`,
        values,
      );
    }
    await client.query("SELECT pg_notify('harness_lab_jobs', '')");
    await client.query("COMMIT");
    return ids;
  } catch (e) {
    await client.query("ROLLBACK");
    throw e;
  } finally {
    client.release();
  }
}
