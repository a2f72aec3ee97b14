/**
 * Issue 36.3 on a real PostgreSQL: a plan is saved only before any of the session's jobs is
 * leased, even when a phone's claim on another process is under way at that very moment. The
 * claim is played by a second connection that has locked one of the session's jobs (as a claim's
 * `FOR UPDATE SKIP LOCKED` does) and not yet committed its lease: the save waits for it (seen in
 * pg_stat_activity, not guessed by a timer), then sees the lease and refuses.
 */
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPgContext, type Ctx } from "@/server/context";
import { loadRepositorySuites } from "@/server/boot";
import { createDevice } from "@/server/devices/createDevice";
import { createSession } from "@/server/sessions/createSession";
import { pgTestDatabase, pgUrl } from "../../support/pg";

const PLAN =
  '{"a":"files","alpha":0.05,"b":"bash","maxRepeats":1,"metric":"pass_rate","minRepeats":1,"stoppingRule":"anytime-betting-cs"}';

describe.skipIf(!pgUrl)("saving a plan while a claim is under way (PostgreSQL)", () => {
  let ctx: Ctx;
  let drop: () => Promise<void>;
  let url: string;
  beforeAll(async () => {
    const database = await pgTestDatabase();
    url = database.url;
    drop = database.drop;
    ctx = await createPgContext(url);
    const boot = await loadRepositorySuites(ctx, path.join(__dirname, "..", "..", "fixtures", "suites"));
    expect(boot.problems).toEqual([]);
  });
  afterAll(async () => {
    await ctx.store.close();
    await drop();
  });

  it("waits for the claim to commit, then refuses: the plan would not be pre-registered", async () => {
    await createDevice(ctx, "racing phone");
    const { session } = await createSession(ctx, {
      name: "race",
      suite: "mini",
      tasks: "all",
      configs: ["files", "bash"],
      repeats: 1,
      trial: false,
      calibration: false,
      order: "interleaved",
      seed: 3,
      leaseSeconds: 120,
      maxAttempts: 3,
    });
    const claim = new pg.Client({ connectionString: url });
    await claim.connect();
    try {
      await claim.query("BEGIN");
      const job = (
        await claim.query("SELECT id FROM jobs WHERE session_id = $1 ORDER BY position LIMIT 1 FOR UPDATE", [
          session.id,
        ])
      ).rows[0] as { id: string };
      const deviceId = (await claim.query("SELECT id FROM devices WHERE name = 'racing phone'")).rows[0].id as string;
      const saving = ctx.store.sessions.savePlan(session.id, PLAN, "0".repeat(64));
      let finished = false;
      void saving.finally(() => (finished = true));
      // The save is blocked on the claim's lock: wait for that state.
      for (;;) {
        if (finished) throw new Error(`the save did not wait for the claim under way: ${await saving}`);
        const waiting = await claim.query(
          "SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()",
        );
        if (waiting.rows.length) break;
        await new Promise((r) => setImmediate(r));
      }
      await claim.query(
        "INSERT INTO leases (token_hash, job_id, attempt, device_id, issued_at) VALUES ($1, $2, 1, $3, $4)",
        ["f".repeat(64), job.id, deviceId, Date.now()],
      );
      await claim.query("UPDATE jobs SET state = 'leased' WHERE id = $1", [job.id]);
      await claim.query("COMMIT");
      expect(await saving).toBe("has_runs");
      const stored = await claim.query("SELECT plan FROM sessions WHERE id = $1", [session.id]);
      expect(stored.rows[0].plan).toBeNull();
    } finally {
      await claim.end();
    }
  });
});
