import { describe, expect, it } from "vitest";
import { emptyPollsWhileQueued, leasedTwice } from "../../scripts/lib/fleet-check";

const poll = (sent: number, received: number) => ({ deviceId: "phone-1", base: "http://a", sent, received });

describe("emptyPollsWhileQueued (the fleet fault test's no-empty-answer check)", () => {
  const facts = {
    queuedAt: 1_000,
    jobs: [
      { id: "job_a", firstLeasedAt: 1_100 },
      { id: "job_b", firstLeasedAt: 5_000 },
    ],
  };

  it("flags a 204 while a job stayed queued and unclaimed from before the poll until after its answer", () => {
    const v = emptyPollsWhileQueued([poll(2_000, 3_000)], facts);
    expect(v).toHaveLength(1);
    expect(v[0]).toContain("phone-1 got no job from http://a");
    expect(v[0]).toContain("1 jobs were queued");
    expect(v[0]).toContain("job_b was first leased at 5000");
  });

  it("flags a 204 while a job was never leased at all", () => {
    const v = emptyPollsWhileQueued([poll(2_000, 3_000)], {
      queuedAt: 1_000,
      jobs: [{ id: "job_c", firstLeasedAt: null }],
    });
    expect(v).toEqual([expect.stringContaining("job_c was first leased never")]);
  });

  it("accepts a 204 once every job was leased, or when the last job was leased during the poll", () => {
    expect(emptyPollsWhileQueued([poll(6_000, 7_000), poll(4_500, 5_500)], facts)).toEqual([]);
  });

  it("accepts a 204 to a poll sent before the session was queued", () => {
    expect(emptyPollsWhileQueued([poll(500, 1_500)], facts)).toEqual([]);
  });
});

describe("leasedTwice", () => {
  it("flags two leases of one job for one attempt, and not a job leased again for its next attempt", () => {
    const v = leasedTwice([
      { jobId: "job_a", attempt: 1, deviceId: "phone-1" },
      { jobId: "job_a", attempt: 2, deviceId: "phone-2" },
      { jobId: "job_b", attempt: 1, deviceId: "phone-1" },
      { jobId: "job_b", attempt: 1, deviceId: "phone-3" },
    ]);
    expect(v).toEqual(["job job_b attempt 1 was leased 2 times at once (to phone-1, phone-3)"]);
  });
});
