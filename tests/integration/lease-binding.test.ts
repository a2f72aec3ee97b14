/**
 * Issue 14, point 8: a lease token works only with the token of the device that leased it, and
 * revoking a device ends its leases as expiry would.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { pollBody, testDashboard, traceFor, type TestDashboard } from "../support/server";

let dash: TestDashboard;
let a: { id: string; token: string };
let b: { id: string; token: string };

const pair = async (name: string) => {
  const r = await dash.call("POST", "/api/devices", { json: { name } });
  return { id: r.body.device.id as string, token: r.body.token as string };
};
beforeEach(async () => {
  dash = await testDashboard();
  a = await pair("phone A");
  b = await pair("phone B");
});
afterEach(() => dash.close());

async function queue(extra: Record<string, unknown> = {}) {
  const r = await dash.call("POST", "/api/sessions", {
    json: {
      name: "s",
      suite: "mini",
      configs: ["files"],
      tasks: ["dentist-todo"],
      repeats: 1,
      order: "blocked",
      ...extra,
    },
  });
  expect(r.status).toBe(201);
  return r.body.session.id as string;
}
const poll = async (d: { token: string }) =>
  (await dash.call("POST", "/api/device/v1/poll", { json: pollBody, token: d.token })).body?.job;
const jobRow = (id: string) =>
  dash.row("SELECT state, attempt, failure_reason AS reason, lease_expires_at AS expires FROM jobs WHERE id = ?", id);
const runCount = () => dash.count("SELECT count(*) AS n FROM runs");

describe("a lease token works only with the device that leased it", () => {
  it("another device's heartbeat, fail and result with it get 409 lease_lost and change nothing", async () => {
    await queue();
    const job = await poll(a);
    const before = await jobRow(job.id);
    dash.advance(5_000);
    const hb = await dash.call("POST", `/api/device/v1/jobs/${job.id}/heartbeat`, {
      json: { leaseToken: job.lease.token },
      token: b.token,
    });
    expect(hb.status).toBe(409);
    expect(hb.body.error.code).toBe("lease_lost");
    const fail = await dash.call("POST", `/api/device/v1/jobs/${job.id}/fail`, {
      json: { leaseToken: job.lease.token, reason: "model_load_failed" },
      token: b.token,
    });
    expect(fail.status).toBe(409);
    const result = await dash.call("POST", `/api/device/v1/jobs/${job.id}/result`, {
      json: traceFor(job),
      token: b.token,
    });
    expect(result.status).toBe(409);
    expect(result.body.error.code).toBe("lease_lost");
    expect(await jobRow(job.id)).toEqual(before); // still leased to A, expiry not extended by B
    expect(await runCount()).toBe(0);
    // The leaseholder is unaffected.
    expect(
      (
        await dash.call("POST", `/api/device/v1/jobs/${job.id}/heartbeat`, {
          json: { leaseToken: job.lease.token },
          token: a.token,
        })
      ).status,
    ).toBe(200);
    expect(
      (await dash.call("POST", `/api/device/v1/jobs/${job.id}/result`, { json: traceFor(job), token: a.token })).status,
    ).toBe(201);
    // A repeat of A's result by B is not answered with A's run either.
    expect(
      (await dash.call("POST", `/api/device/v1/jobs/${job.id}/result`, { json: traceFor(job), token: b.token })).status,
    ).toBe(409);
    expect(await runCount()).toBe(1);
  });

  it("a late result keeps working from the device that held the earlier lease, and gets 409 from any other", async () => {
    await queue({ leaseSeconds: 10 });
    const first = await poll(a);
    dash.advance(10_001); // A's lease expires: attempt 2 is leased to B
    const second = await poll(b);
    expect(second).toMatchObject({ id: first.id, attempt: 2 });
    // B presenting A's attempt-1 token: refused, nothing stored, B's own lease intact.
    expect(
      (await dash.call("POST", `/api/device/v1/jobs/${first.id}/result`, { json: traceFor(first), token: b.token }))
        .status,
    ).toBe(409);
    expect(await runCount()).toBe(0);
    expect(await jobRow(first.id)).toMatchObject({ state: "leased", attempt: 2 });
    // A's own late result completes the job (protocol.md §1) and B loses its lease.
    const late = await dash.call("POST", `/api/device/v1/jobs/${first.id}/result`, {
      json: traceFor(first),
      token: a.token,
    });
    expect(late.status).toBe(201);
    expect(late.body.superseded).toBe(false);
    expect(
      (
        await dash.call("POST", `/api/device/v1/jobs/${first.id}/heartbeat`, {
          json: { leaseToken: second.lease.token },
          token: b.token,
        })
      ).status,
    ).toBe(409);
  });
});

describe("revoking a device ends its leases", () => {
  it("its jobs go back to the queue at once with the attempt used up, for another device to lease", async () => {
    await queue({ leaseSeconds: 600 });
    const job = await poll(a);
    expect(await poll(b)).toBeUndefined(); // nothing else to lease
    expect((await dash.call("DELETE", `/api/devices/${a.id}`)).status).toBe(200);
    expect(await jobRow(job.id)).toMatchObject({ state: "queued", attempt: 2, reason: null, expires: null });
    const again = await poll(b); // no waiting out the 600 s lease
    expect(again).toMatchObject({ id: job.id, attempt: 2 });
    // The revoked device can no longer use its lease, nor its token.
    expect(
      (await dash.call("POST", `/api/device/v1/jobs/${job.id}/result`, { json: traceFor(job), token: a.token })).status,
    ).toBe(401);
    expect(
      (await dash.call("POST", `/api/device/v1/jobs/${job.id}/result`, { json: traceFor(job), token: b.token })).status,
    ).toBe(409);
    expect(
      (await dash.call("POST", `/api/device/v1/jobs/${job.id}/result`, { json: traceFor(again), token: b.token }))
        .status,
    ).toBe(201);
  });

  it("a job on its last attempt fails with device_revoked; other devices' leases are untouched; revoking twice is harmless", async () => {
    await queue({ maxAttempts: 1, repeats: 2 });
    const mine = await poll(a);
    const theirs = await poll(b);
    expect((await dash.call("DELETE", `/api/devices/${a.id}`)).status).toBe(200);
    expect(await jobRow(mine.id)).toMatchObject({ state: "failed", attempt: 1, reason: "device_revoked" });
    expect(await jobRow(theirs.id)).toMatchObject({ state: "leased", attempt: 1 });
    expect((await dash.call("DELETE", `/api/devices/${a.id}`)).status).toBe(200);
    expect(
      (await dash.call("POST", `/api/device/v1/jobs/${theirs.id}/result`, { json: traceFor(theirs), token: b.token }))
        .status,
    ).toBe(201);
  });
});
