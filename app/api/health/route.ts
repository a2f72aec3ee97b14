import { getContext } from "@/server/context";
import { json, route, otherMethods } from "@/server/http";

export const GET = route(() => {
  getContext().db.$client.prepare("SELECT 1").get();
  return json({ ok: true });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
