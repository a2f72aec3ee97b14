import "server-only";
import type { Ctx } from "./context";

/**
 * Runs `read` inside one read transaction on the shared connection, so every statement in it sees
 * the same snapshot of the database (WAL: as of the first read), even while another connection (a
 * backup, an export, a second server process) commits between them. The statements are synchronous
 * (better-sqlite3), so nothing on this connection can run in between either. Nested calls share the
 * outer transaction (better-sqlite3 turns an inner one into a savepoint).
 */
export function readSnapshot<T>(ctx: Ctx, read: () => T): T {
  return ctx.db.$client.transaction(read).deferred();
}
