import "server-only";
import type { Ctx } from "../context";
import { hashToken, newToken } from "../ids";

/** Pairs a new phone. The bearer token is returned this once; only its hash is stored. */
export async function createDevice(ctx: Ctx, name: string) {
  const id = ctx.newId("dev");
  const token = newToken("hl");
  await ctx.store.devices.create({ id, name, tokenHash: hashToken(token), createdAt: ctx.now() });
  return { device: { id, name }, token };
}
