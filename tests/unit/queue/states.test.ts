import { describe, expect, it } from "vitest";
import {
  afterLeaseEnded,
  decideResult,
  heartbeatSecondsFor,
  isLeaseCurrent,
  leaseExpiresAt,
  type LeaseView,
} from "@/domain/queue";

const view = (v: Partial<LeaseView>): LeaseView => ({
  jobState: "leased",
  jobAttempt: 1,
  tokenAttempt: 1,
  tokenIsCurrent: true,
  tokenIsCallers: true,
  ...v,
});

describe("lease timing", () => {
  it("expires leaseSeconds after now and asks for heartbeats about a third of the way", () => {
    expect(leaseExpiresAt(1_000, 120)).toBe(121_000);
    expect(heartbeatSecondsFor(120)).toBe(40);
    expect(heartbeatSecondsFor(1)).toBe(1);
    expect(heartbeatSecondsFor(86_400)).toBe(28_800);
  });
});

describe("afterLeaseEnded", () => {
  it("re-queues with the next attempt while attempts remain", () => {
    expect(afterLeaseEnded({ attempt: 1, maxAttempts: 3 }, "lease_expired")).toEqual({
      state: "queued",
      attempt: 2,
      failureReason: null,
    });
    expect(afterLeaseEnded({ attempt: 2, maxAttempts: 3 }, "model_load_failed")).toEqual({
      state: "queued",
      attempt: 3,
      failureReason: null,
    });
  });
  it("fails with the reason once maxAttempts are used", () => {
    expect(afterLeaseEnded({ attempt: 3, maxAttempts: 3 }, "lease_expired")).toEqual({
      state: "failed",
      attempt: 3,
      failureReason: "lease_expired",
    });
    expect(afterLeaseEnded({ attempt: 1, maxAttempts: 1 }, "model_load_failed")).toEqual({
      state: "failed",
      attempt: 1,
      failureReason: "model_load_failed",
    });
    expect(afterLeaseEnded({ attempt: 2, maxAttempts: 2 }, "device_revoked")).toEqual({
      state: "failed",
      attempt: 2,
      failureReason: "device_revoked",
    });
  });
});

describe("isLeaseCurrent (heartbeat and fail)", () => {
  it("accepts only the live lease of a leased job", () => {
    expect(isLeaseCurrent(view({}))).toBe(true);
    expect(isLeaseCurrent(view({ tokenIsCurrent: false }))).toBe(false);
    expect(isLeaseCurrent(view({ tokenAttempt: null, tokenIsCurrent: false }))).toBe(false);
    for (const jobState of ["queued", "completed", "failed", "cancelled"] as const) {
      expect(isLeaseCurrent(view({ jobState }))).toBe(false);
    }
  });
  it("refuses the live lease when another device presents it (issue 14)", () => {
    expect(isLeaseCurrent(view({ tokenIsCallers: false }))).toBe(false);
  });
});

describe("decideResult", () => {
  it("refuses a token never issued for the job", () => {
    expect(decideResult(view({ tokenAttempt: null, tokenIsCurrent: false }), false)).toEqual({ kind: "lease_lost" });
  });
  it("answers a repeated submission with the same run", () => {
    expect(decideResult(view({ jobState: "completed" }), true)).toEqual({ kind: "duplicate" });
  });
  it("completes the job with its current lease", () => {
    expect(decideResult(view({}), false)).toEqual({ kind: "complete", late: false });
  });
  it("lets a late result from an earlier attempt complete a job that is not completed", () => {
    for (const jobState of ["queued", "leased", "failed", "cancelled"] as const) {
      expect(decideResult(view({ jobState, jobAttempt: 2, tokenAttempt: 1, tokenIsCurrent: false }), false)).toEqual({
        kind: "complete",
        late: true,
      });
    }
  });
  it("refuses a token issued to another device, current, late or repeated (issue 14)", () => {
    for (const v of [
      view({}),
      view({ jobState: "queued", jobAttempt: 2, tokenIsCurrent: false }),
      view({ jobState: "completed", tokenIsCurrent: false }),
    ]) {
      expect(decideResult({ ...v, tokenIsCallers: false }, false)).toEqual({ kind: "lease_lost" });
      expect(decideResult({ ...v, tokenIsCallers: false }, true)).toEqual({ kind: "lease_lost" });
    }
  });
  it("stores a late result for a completed job as superseded", () => {
    expect(
      decideResult(view({ jobState: "completed", jobAttempt: 2, tokenAttempt: 1, tokenIsCurrent: false }), false),
    ).toEqual({ kind: "superseded" });
  });
});
