/**
 * Which engine a `DATABASE_URL` chooses, without loading either driver: the SQLite dashboard
 * must never load `pg` (db/pg-client.ts imports it through drizzle's node-postgres driver).
 */
export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//i.test(url);
}
