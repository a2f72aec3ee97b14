/**
 * The `http` step on either engine: the real server and the minimal Next.js app, both on the
 * seeded database (a SQLite path or a PostgreSQL URL), measured by the same client.
 */
import type { SeedReport } from "../lib/seedDb";
import { benchHttpDevice } from "./http";
import { benchHttpLatency } from "./http-latency";
import type { Figure } from "./measure";
import { startDashboard, startMinimal } from "./servers";

/** The seeded trace nearest 20 KB: what targets 1 and 1i ingest. */
export const near20k = (s: SeedReport) =>
  [...s.pool].sort((a, b) => Math.abs(a.bytes - 20_480) - Math.abs(b.bytes - 20_480))[0];

export async function benchOverHttp(
  s: SeedReport,
  database: string,
  reps: number,
  log: (l: string) => void,
): Promise<Figure[]> {
  const real = await startDashboard(database);
  const minimal = await startMinimal(database, log).catch(async (e) => {
    await real.stop();
    throw e;
  });
  try {
    return [
      ...(await benchHttpDevice(s.ctx, near20k(s), real, minimal, 400, reps)),
      ...(await benchHttpLatency(s.ctx, s.pool, real, minimal, reps)),
    ];
  } finally {
    await Promise.all([real.stop(), minimal.stop()]);
  }
}
