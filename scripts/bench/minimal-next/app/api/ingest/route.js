import { randomUUID } from "node:crypto";
import { db } from "../../../lib/db";

export async function POST(req) {
  const raw = await req.text();
  const trace = JSON.parse(raw);
  const id = randomUUID();
  await (await db()).insert(id, String(trace.leaseToken), raw);
  return Response.json({ runId: id }, { status: 201 });
}
