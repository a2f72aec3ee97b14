/**
 * An empty columnar copy (src/server/store/columnar) for tests that write its tables directly: the
 * copy's runner (read-only, as the services get it) and a connection of its own for the writes.
 */
import { DuckDBInstance, type DuckDBConnection } from "@duckdb/node-api";
import type { Ctx } from "@/server/context";
import { connectionPool, duckSql } from "@/server/store/columnar/duckSql";
import { MIRRORED, createTableSql } from "@/server/store/columnar/tables";
import type { SqlRunner } from "@/server/store/sql";

export interface EmptyCopy {
  writer: DuckDBConnection;
  runner: SqlRunner;
  /** A context whose analytics read this copy (services that read nothing else). */
  ctx: Ctx;
  close(): void;
}

export async function emptyCopy(): Promise<EmptyCopy> {
  const instance = await DuckDBInstance.create(":memory:");
  const writer = await instance.connect();
  await writer.run("SET GLOBAL integer_division = true");
  for (const t of MIRRORED) await writer.run(createTableSql(t));
  const runner = duckSql(connectionPool(instance));
  return {
    writer,
    runner,
    ctx: { store: { facts: async () => runner } } as unknown as Ctx,
    close() {
      writer.closeSync();
      instance.closeSync();
    },
  };
}
