import { dashboard as contract } from "@/contracts";
import { getContext } from "@/server/context";
import { reply, route, otherMethods } from "@/server/http";

export const GET = route(() => {
  const ctx = getContext();
  ctx.db.$client.prepare("SELECT 1").get();
  // Which engine answered, so an operator can tell a SQLite from a PostgreSQL deployment (issue 18).
  return reply(contract.health, 200, { ok: true, engine: ctx.store.engine });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
