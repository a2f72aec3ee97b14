import { db, hashToken, newToken } from "../../../lib/db";

export async function POST(req) {
  JSON.parse(await req.text());
  const job = await (await db()).claim(hashToken(newToken()), Date.now());
  return job ? Response.json({ job }) : new Response(null, { status: 204 });
}
