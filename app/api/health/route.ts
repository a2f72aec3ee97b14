import { dashboard as contract } from "@/contracts";
import { z } from "zod";
import { getContext } from "@/server/context";
import { reply, route, otherMethods } from "@/server/http";
import { analyticsStatus } from "@/server/store/columnar";

export const GET = route(async () => {
  const ctx = getContext();
  // The database answers (either engine), not just this process.
  await ctx.store.sql.get(z.object({ ok: z.unknown() }), "SELECT 1 AS ok");
  // Which engine answered, so an operator can tell a SQLite from a PostgreSQL deployment (issue 18).
  return reply(contract.health, 200, { ok: true, engine: ctx.store.engine, analytics: analyticsStatus(ctx.store) });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
