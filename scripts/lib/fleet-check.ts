/**
 * The queue invariants of the fleet fault test (scripts/lib/fault-fleet.ts), several dashboard
 * processes on one PostgreSQL, as pure functions over what the phones saw and what the database
 * holds, so tests/unit/fleet-check.test.ts can show each one catches what it is meant to.
 */

/** A poll a phone got "no job now" for (204), with the phone's clock around it. */
export interface EmptyPoll {
  deviceId: string;
  /** The process it asked. */
  base: string;
  sent: number;
  received: number;
}

/** When the session's jobs were queued, and when each was first leased (null: never). */
export interface QueueFacts {
  queuedAt: number;
  jobs: { id: string; firstLeasedAt: number | null }[];
}

/**
 * A poll answered 204 while some job was queued and unclaimed for the whole of the poll, from
 * before it was sent (the session existed) until after its answer arrived (the job's first lease
 * was issued later), is a poll that should have been given that job: claims lock a queued row
 * only to lease it, and a lease's `issued_at` is taken before its row is locked, so no claim held
 * that job while this poll looked. Re-queued jobs (an expired or failed lease) are left out, which
 * can only miss an empty answer, never invent one. One clock: the phones and the dashboard
 * processes run on the same machine.
 */
export function emptyPollsWhileQueued(polls: EmptyPoll[], facts: QueueFacts): string[] {
  const v: string[] = [];
  for (const p of polls) {
    if (facts.queuedAt >= p.sent) continue;
    const waiting = facts.jobs.filter((j) => j.firstLeasedAt === null || j.firstLeasedAt > p.received);
    if (!waiting.length) continue;
    const first = waiting[0];
    v.push(
      `${p.deviceId} got no job from ${p.base} for a poll sent at ${p.sent} and answered at ${p.received}, while ${waiting.length} jobs were queued and unclaimed throughout (${first.id} was first leased ${first.firstLeasedAt === null ? "never" : `at ${first.firstLeasedAt}`})`,
    );
  }
  return v;
}

/** A lease as the `leases` table records it. */
export interface LeaseRecord {
  jobId: string;
  attempt: number;
  deviceId: string;
}

/**
 * A job is leased again only after its lease ended, and ending a lease moves the job to its next
 * attempt (src/domain/queue/states.ts): two leases for one job and attempt mean it was out with
 * two phones at once.
 */
export function leasedTwice(leases: LeaseRecord[]): string[] {
  const by = new Map<string, LeaseRecord[]>();
  for (const l of leases) {
    const key = `${l.jobId}#${l.attempt}`;
    by.set(key, [...(by.get(key) ?? []), l]);
  }
  return [...by.values()]
    .filter((ls) => ls.length > 1)
    .map(
      (ls) =>
        `job ${ls[0].jobId} attempt ${ls[0].attempt} was leased ${ls.length} times at once (to ${ls.map((l) => l.deviceId).join(", ")})`,
    );
}
