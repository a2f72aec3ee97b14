import { randomBytes } from "node:crypto";
import { inject } from "vitest";

/** The test PostgreSQL server (tests/support/pg-global.ts), or "" when the PostgreSQL tests are skipped. */
export const pgUrl = inject("pgUrl");

/**
 * A fresh database cloned from the migrated template: `{ url, drop }`. Cloning copies the files,
 * so each test file starts from the migrated schema in a fraction of a second.
 */
export async function pgTestDatabase(
  fromTemplate = true,
): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const { default: pg } = await import("pg");
  const name = `t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client(pgUrl);
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${fromTemplate ? " TEMPLATE hl_template" : ""}`);
  await admin.end();
  return {
    url: pgUrl.replace(/\/postgres$/, `/${name}`),
    name,
    drop: async () => {
      const c = new pg.Client(pgUrl);
      await c.connect();
      // A pool's end() resolves before its clients' backends have gone: forcing the drop then
      // terminates them with 57P01, which reaches a client the pool no longer listens on as an
      // unhandled 'error'. Give closing connections up to 2 s to leave, then force what remains.
      for (let i = 0; i < 40; i++) {
        const r = await c.query("SELECT COUNT(*)::int AS n FROM pg_stat_activity WHERE datname = $1", [name]);
        if (r.rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
