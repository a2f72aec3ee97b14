import { randomUUID } from "node:crypto";
import { db } from "../../../lib/db";

export async function POST(req) {
  const raw = await req.text();
  const trace = JSON.parse(raw);
  const id = randomUUID();
  const d = db();
  d.transaction(() => d.insert.run(id, String(trace.leaseToken), raw));
  return Response.json({ runId: id }, { status: 201 });
}
