import Database from "better-sqlite3";
import { createHash, randomBytes } from "node:crypto";

const TABLE = "CREATE TABLE IF NOT EXISTS bench_traces (id TEXT PRIMARY KEY, lease_token TEXT NOT NULL, body TEXT NOT NULL)";
const CLAIMED = "RETURNING id, session_id, task_id, task_version, config_id, config_version, repeat, attempt";

// One connection per process, opened the way the dashboard opens its own (db/client.ts).
function sqlite() {
  const d = new Database(process.env.DB_PATH);
  d.pragma("journal_mode = WAL");
  d.pragma("synchronous = FULL");
  d.pragma("busy_timeout = 5000");
  d.exec(TABLE);
  const insert = d.prepare("INSERT INTO bench_traces (id, lease_token, body) VALUES (?, ?, ?)");
  const claim = d.prepare(
    `UPDATE jobs SET state = 'leased', lease_token_hash = ?, updated_at = ?
      WHERE id = (SELECT id FROM jobs WHERE state = 'queued' ORDER BY session_id, position LIMIT 1) AND state = 'queued'
      ${CLAIMED}`,
  );
  return {
    insert: (id, token, raw) => d.transaction(() => insert.run(id, token, raw))(),
    claim: (hash, now) => claim.get(hash, now),
  };
}

// On PostgreSQL (DATABASE_URL, issue 18.7): a pool of the dashboard's size (db/pg-client.ts, 10),
// one statement per request (its own transaction); the claim skips rows another claim holds, as
// the dashboard's does, so claims running at once each get a job instead of waiting on one row.
async function postgres(url) {
  const { default: pg } = await import("pg");
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  await pool.query(TABLE);
  return {
    insert: (id, token, raw) => pool.query("INSERT INTO bench_traces (id, lease_token, body) VALUES ($1, $2, $3)", [id, token, raw]),
    claim: async (hash, now) =>
      (
        await pool.query(
          `UPDATE jobs SET state = 'leased', lease_token_hash = $1, updated_at = $2
            WHERE id = (SELECT id FROM jobs WHERE state = 'queued' ORDER BY session_id, position LIMIT 1 FOR UPDATE SKIP LOCKED)
            ${CLAIMED}`,
          [hash, now],
        )
      ).rows[0],
  };
}

const g = globalThis;
export function db() {
  const url = process.env.DATABASE_URL;
  g.__benchDb ??= /^postgres(ql)?:\/\//i.test(url ?? "") ? postgres(url) : Promise.resolve(sqlite());
  return g.__benchDb;
}

export const newToken = () => randomBytes(24).toString("base64url");
export const hashToken = (t) => createHash("sha256").update(t).digest("hex");
