/**
 * What a researcher reads when the dashboard cannot open its PostgreSQL database at start: the
 * driver's error (a SQLSTATE such as 3D000, or a socket code such as ECONNREFUSED) turned into one
 * sentence naming the server and database from `DATABASE_URL` and what to do. The password in
 * the URL is never repeated.
 */

export interface PgErrorLike {
  /** SQLSTATE from the server, or the socket's errno name (ECONNREFUSED, ENOTFOUND, …). */
  code?: string;
  message?: string;
}

export interface PgTarget {
  host: string;
  port: string;
  database: string;
  user: string;
}

/** Host, port, database and user of a postgres:// URL (socket folders in `?host=` included). */
export function pgTarget(url: string): PgTarget {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return { host: "?", port: "5432", database: "?", user: "?" };
  }
  const host = u.searchParams.get("host") || decodeURIComponent(u.hostname) || "localhost";
  return {
    host,
    port: u.port || u.searchParams.get("port") || "5432",
    database: decodeURIComponent(u.pathname.replace(/^\//, "")) || decodeURIComponent(u.username) || "postgres",
    user: decodeURIComponent(u.username) || "(your system user)",
  };
}

const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** One sentence: what went wrong opening the database named in `url`, and what to do about it. */
export function pgStartError(err: PgErrorLike, url: string): string {
  const t = pgTarget(url);
  const where = `PostgreSQL at ${t.host}:${t.port}`;
  switch (err.code) {
    case "3D000":
      return `${where} has no database ${quote(t.database)}: create it (createdb -h ${t.host} -p ${t.port} ${t.database}, or CREATE DATABASE ${quote(t.database)}; in psql) and start the dashboard again; it creates its tables itself.`;
    case "28P01":
    case "28000":
      return `${where} refused user ${quote(t.user)} for database ${quote(t.database)} (${err.message ?? err.code}): check the user and password in DATABASE_URL, and that pg_hba.conf lets this machine connect.`;
    case "42501":
      return `User ${quote(t.user)} may not create the dashboard's tables in database ${quote(t.database)} (${err.message ?? err.code}): run the dashboard as the database's owner, or GRANT CREATE ON SCHEMA public TO ${quote(t.user)};.`;
    case "ECONNREFUSED":
    case "ENOTFOUND":
    case "EAI_AGAIN":
    case "ETIMEDOUT":
    case "EHOSTUNREACH":
    case "ENOENT":
      return `Nothing answers as ${where} (${err.code}): start PostgreSQL there, or correct the host and port in DATABASE_URL.`;
    case "53300":
      return `${where} has no free connections (${err.message ?? err.code}): raise max_connections, or start fewer dashboard processes (each holds a pool of 10 and one listening connection).`;
    default:
      return `${where} could not be opened as database ${quote(t.database)}${err.code ? ` (${err.code})` : ""}: ${err.message ?? "unknown error"}. Check DATABASE_URL and that the server is running.`;
  }
}
