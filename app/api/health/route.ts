import { dashboard as contract } from "@/contracts";
import { getContext } from "@/server/context";
import { reply, route, otherMethods } from "@/server/http";

export const GET = route(() => {
  getContext().db.$client.prepare("SELECT 1").get();
  return reply(contract.health, 200, { ok: true });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
