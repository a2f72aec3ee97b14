import "server-only";
import type { Ctx } from "../context";
import { devices } from "@db/schema";
import { hashToken, newToken } from "../ids";

/** Pairs a new phone. The bearer token is returned this once; only its hash is stored. */
export function createDevice(ctx: Ctx, name: string) {
  const id = ctx.newId("dev");
  const token = newToken("hl");
  ctx.db
    .insert(devices)
    .values({ id, name, tokenHash: hashToken(token), createdAt: ctx.now() })
    .run();
  return { device: { id, name }, token };
}
