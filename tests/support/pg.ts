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
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
