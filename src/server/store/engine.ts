/** Which engine a `DATABASE_URL` chooses, without loading either driver (src/server/context.ts decides with it). */
export { isPostgresUrl } from "@db/engine";
