/**
 * A dashboard pointed at a PostgreSQL database it cannot open says so in one sentence at start
 * (db/pg-client.ts DatabaseStartError), on a real server: a database that does not exist, and a
 * port where nothing listens.
 */
import net from "node:net";
import { describe, expect, it } from "vitest";
import { DatabaseStartError, openPgDb } from "@db/pg-client";
import { pgUrl } from "../../support/pg";

async function closedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, "127.0.0.1", r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

describe.skipIf(!pgUrl)("opening a PostgreSQL database that is not there", () => {
  it("names the missing database and how to create it", async () => {
    const url = pgUrl.replace(/\/postgres$/, "/no_such_lab_db");
    const err = await openPgDb(url, { max: 1 }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(DatabaseStartError);
    const { port } = new URL(pgUrl);
    expect((err as Error).message).toBe(
      `PostgreSQL at 127.0.0.1:${port} has no database "no_such_lab_db": create it (createdb -h 127.0.0.1 -p ${port} no_such_lab_db, or CREATE DATABASE "no_such_lab_db"; in psql) and start the dashboard again; it creates its tables itself.`,
    );
  });

  it("says nothing answers on a port where no server listens", async () => {
    const port = await closedPort();
    const err = await openPgDb(`postgres://postgres@127.0.0.1:${port}/harness`, { max: 1 }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(DatabaseStartError);
    expect((err as Error).message).toMatch(/^Nothing answers as PostgreSQL at 127\.0\.0\.1:\d+ \(ECONNREFUSED\)/);
  });
});
