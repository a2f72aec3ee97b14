/**
 * Vitest global setup: one throwaway PostgreSQL server for the whole run (scripts/lib/pg-server.mjs)
 * with a template database migrated once; test files clone it (tests/support/pg.ts, ~0.1 s each).
 * Without PostgreSQL installed the PostgreSQL tests are skipped, and this says so: never silently.
 */
import type { TestProject } from "vitest/node";

export default async function setup(project: TestProject) {
  if (process.env.HL_SKIP_POSTGRES === "1") {
    console.warn("▸ PostgreSQL tests skipped: HL_SKIP_POSTGRES=1");
    project.provide("pgUrl", "");
    return;
  }
  // @ts-expect-error: a plain .mjs module shared with the scripts
  const { findPgBin, startPgServer } = await import("../../scripts/lib/pg-server.mjs");
  if (!findPgBin()) {
    console.warn(
      "▸ PostgreSQL tests skipped: PostgreSQL is not installed here (apt-get install postgresql, or set PG_BIN).",
    );
    project.provide("pgUrl", "");
    return;
  }
  // Both projects that need it (sqlite, postgres) run this setup: they share one server, started
  // by the first and stopped after the last one's teardown.
  const shared = ((globalThis as { __hlPgGlobal?: Shared }).__hlPgGlobal ??= {
    server: startTemplate(startPgServer),
    users: 0,
  });
  shared.users++;
  const server = await shared.server;
  project.provide("pgUrl", server.url);
  return async () => {
    if (--shared.users === 0) await server.stop();
  };
}

interface Shared {
  server: Promise<{ url: string; stop: () => Promise<void> }>;
  users: number;
}

/** A throwaway server with the template database `hl_template`, migrated once. */
async function startTemplate(startPgServer: () => Promise<{ url: string; stop: () => Promise<void> }>) {
  const server = await startPgServer();
  const { default: pg } = await import("pg");
  const admin = new pg.Client(server.url);
  await admin.connect();
  await admin.query("CREATE DATABASE hl_template");
  await admin.end();
  const { openPgDb } = await import("../../db/pg-client");
  const templateUrl = server.url.replace(/\/postgres$/, "/hl_template");
  const db = await openPgDb(templateUrl);
  await db.$client.end();
  return server;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The test PostgreSQL server's `postgres` database, or "" when there is none. */
    pgUrl: string;
  }
}
