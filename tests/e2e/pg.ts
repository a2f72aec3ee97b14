import { randomBytes } from "node:crypto";
import fs from "node:fs";
import pg from "pg";
// @ts-expect-error: a plain .mjs module shared with the scripts and the Vitest setup
import { findPgBin, startPgServer } from "../../scripts/lib/pg-server.mjs";
import { type RunningServer } from "./server";
import { killServer } from "../../scripts/lib/fault";

/**
 * Why a PostgreSQL-only browser spec is skipped, or null when it runs. Said once per spec file
 * and in the report (test.skip's message), so a machine without PostgreSQL never passes silently.
 */
export const noPostgres: string | null = (findPgBin as () => string | null)()
  ? null
  : "PostgreSQL is not installed here (apt-get install postgresql, or set PG_BIN to the folder holding initdb): the PostgreSQL-only specs are skipped.";
if (noPostgres) console.warn(`▸ ${noPostgres}`);

export interface PgDatabase {
  /** The fresh, empty database (no schema: the first dashboard process migrates it). */
  url: string;
  query: <R extends pg.QueryResultRow = Record<string, unknown>>(text: string, values?: unknown[]) => Promise<R[]>;
  /** Ends the client and the PostgreSQL server (by PID), and removes its folder. */
  stop: () => Promise<void>;
}

/** A throwaway PostgreSQL server (scripts/lib/pg-server.mjs) with one fresh empty database, for one spec. */
export async function startPgDatabase(): Promise<PgDatabase> {
  const server = (await startPgServer()) as { url: string; stop: () => Promise<void> };
  const name = `e2e_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client(server.url);
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = server.url.replace(/\/postgres$/, `/${name}`);
  const client = new pg.Client(url);
  await client.connect();
  // A dashboard killed mid-query makes its backends go away; errors on this client are the spec's to see in a query.
  client.on("error", () => {});
  return {
    url,
    query: async (text, values) => (await client.query(text, values)).rows,
    stop: async () => {
      await client.end().catch(() => {});
      await server.stop();
    },
  };
}

/** Stops dashboard processes (SIGTERM to each one's process group, by PID, then SIGKILL) and removes their folders. */
export async function stopServers(servers: (RunningServer | undefined)[]): Promise<void> {
  for (const s of servers) {
    if (!s) continue;
    // A clean stop drains its long-polls; one that has not exited after 10 s is killed.
    const term = killServer(s, "SIGTERM");
    if ((await Promise.race([term.then(() => true), new Promise((r) => setTimeout(() => r(false), 10_000))])) !== true)
      await killServer(s, "SIGKILL");
    fs.rmSync(s.dir, { recursive: true, force: true });
  }
}
