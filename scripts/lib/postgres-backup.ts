/**
 * The refusal `npm run backup` and `npm run restore` give a PostgreSQL database: their copy is
 * SQLite's online backup API, which means nothing to a server database, and PostgreSQL has its own
 * tools. Imports nothing that loads a driver (db/engine.ts only matches the URL's scheme), so the
 * scripts can decide before better-sqlite3 is loaded or any file is opened.
 */
import { isPostgresUrl } from "../../db/engine";

/** The exit code of a refusal: 1 stays "the backup or restore failed". */
export const REFUSED = 2;

/**
 * The sentence to print when the database is PostgreSQL, else null. An explicit `--db` wins over
 * `DATABASE_URL` (a path names a SQLite file to copy, whatever the dashboard is configured with);
 * without one a postgres:// `DATABASE_URL` is the database meant.
 */
export function postgresRefusal(
  verb: "backup" | "restore",
  dbArg: string | undefined,
  databaseUrl: string | undefined,
  today: Date,
): string | null {
  const fromArg = dbArg !== undefined;
  if (!isPostgresUrl(fromArg ? dbArg : databaseUrl)) return null;
  const file = `harness-lab-${today.toISOString().slice(0, 10).replace(/-/g, "")}.dump`;
  // The URL itself is not echoed (it usually carries a password); the commands read it from the environment.
  const where = fromArg ? "--db names a PostgreSQL database" : "DATABASE_URL points at PostgreSQL";
  const setUrl = fromArg ? " (set DATABASE_URL to that URL first)" : "";
  return [
    `Refusing to ${verb}: ${where}, and npm run backup / npm run restore copy the embedded SQLite database only.`,
    `Back PostgreSQL up with its own tools${setUrl}:`,
    `  pg_dump --format=custom --file=${file} "$DATABASE_URL"`,
    `and restore such a dump (stop the dashboard first; --clean drops the objects it recreates, --if-exists spares an empty database the errors):`,
    `  pg_restore --clean --if-exists --dbname "$DATABASE_URL" ${file}`,
  ].join("\n");
}
