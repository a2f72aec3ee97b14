import Database from "better-sqlite3";
import { createHash, randomBytes } from "node:crypto";

// One connection per process, opened the way the dashboard opens its own (db/client.ts).
const g = globalThis;
export function db() {
  if (!g.__benchDb) {
    const d = new Database(process.env.DB_PATH);
    d.pragma("journal_mode = WAL");
    d.pragma("synchronous = FULL");
    d.pragma("busy_timeout = 5000");
    d.exec(
      "CREATE TABLE IF NOT EXISTS bench_traces (id TEXT PRIMARY KEY, lease_token TEXT NOT NULL, body TEXT NOT NULL)",
    );
    g.__benchDb = {
      insert: d.prepare("INSERT INTO bench_traces (id, lease_token, body) VALUES (?, ?, ?)"),
      claim: d.prepare(
        `UPDATE jobs SET state = 'leased', lease_token_hash = ?, updated_at = ?
          WHERE id = (SELECT id FROM jobs WHERE state = 'queued' ORDER BY session_id, position LIMIT 1) AND state = 'queued'
          RETURNING id, session_id, task_id, task_version, config_id, config_version, repeat, attempt`,
      ),
      transaction: (fn) => d.transaction(fn)(),
    };
  }
  return g.__benchDb;
}

export const newToken = () => randomBytes(24).toString("base64url");
export const hashToken = (t) => createHash("sha256").update(t).digest("hex");
