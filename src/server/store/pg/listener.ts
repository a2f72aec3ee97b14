import "server-only";
import pg from "pg";

/** The channel every process LISTENs on; writes that make jobs claimable `pg_notify` it inside their transaction. */
export const JOBS_CHANNEL = "harness_lab_jobs";

export interface JobsListener {
  /** Resolves once the connection is listening (after a reconnect too). */
  listening(): Promise<void>;
  /** The listening connection's backend pid (tests end it to check the reconnect), or null while down. */
  pid(): number | null;
  close(): Promise<void>;
}

const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 5_000;

/**
 * One LISTEN connection per process, outside the pool: a waiting long-poll holds no pooled
 * connection, it waits on `onJobs`. A dropped connection (server restart, network, an admin's
 * pg_terminate_backend) is reopened with a growing delay; after each reconnect `onJobs` fires once,
 * since notifications sent while it was down are lost. The long-poll's 1 s re-check covers the gap.
 */
export function listenForJobs(url: string, onJobs: () => void): JobsListener {
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = FIRST_RETRY_MS;
  let timer: NodeJS.Timeout | null = null;
  let backendPid: number | null = null;
  let waiters: (() => void)[] = [];
  let up = false;

  const connect = async () => {
    timer = null;
    const c = new pg.Client({ connectionString: url });
    client = c;
    let dropped = false;
    const drop = () => {
      if (dropped) return;
      dropped = true;
      up = false;
      backendPid = null;
      c.removeAllListeners("notification");
      c.end().catch(() => {});
      if (!closed) {
        timer = setTimeout(connect, retryMs);
        timer.unref();
        retryMs = Math.min(MAX_RETRY_MS, retryMs * 2);
      }
    };
    c.on("error", drop);
    c.on("end", drop);
    c.on("notification", (n) => {
      if (n.channel === JOBS_CHANNEL) onJobs();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${JOBS_CHANNEL}`);
      const r = await c.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
      if (closed || dropped) return;
      backendPid = r.rows[0]?.pid ?? null;
      up = true;
      retryMs = FIRST_RETRY_MS;
      for (const w of waiters.splice(0)) w();
      // Anything queued while this connection was not listening was not announced to it.
      onJobs();
    } catch {
      drop();
    }
  };
  void connect();

  return {
    listening: () => (up ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
    pid: () => backendPid,
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      waiters = [];
      const c = client;
      client = null;
      if (c) await c.end().catch(() => {});
    },
  };
}
