import { describe, expect, it } from "vitest";
import { elapsed, leaseLines, type LeaseHolder } from "@/domain/sessions";

describe("elapsed", () => {
  it("reads at a glance: seconds under a minute, whole minutes, then hours", () => {
    expect(elapsed(0)).toBe("0 s");
    expect(elapsed(59_999)).toBe("59 s");
    expect(elapsed(4 * 60_000 + 59_000)).toBe("4 min");
    expect(elapsed(65 * 60_000)).toBe("1 h 05 min");
    expect(elapsed(-5)).toBe("0 s");
  });
});

describe("leaseLines", () => {
  const holder = (over: Partial<LeaseHolder>): LeaseHolder => ({
    jobId: "job_1",
    taskId: "dentist",
    configId: "files",
    repeat: 2,
    attempt: 1,
    device: { id: "dev_a", name: "Pixel lab", reportedId: "sim-iphone15pro-1" },
    since: "2026-10-14T09:00:00.000Z",
    heldMs: 4 * 60_000 + 10_000,
    lastHeardAt: "2026-10-14T09:04:07.000Z",
    silentMs: 3_000,
    turn: 7,
    ...over,
  });
  it("names the device, the job, how long it has been held (absolute time in the title), the turn and last heartbeat", () => {
    const [l] = leaseLines([holder({})]);
    expect(l).toEqual({
      jobId: "job_1",
      device: "Pixel lab · sim-iphone15pro-1",
      job: "dentist × files",
      detail: "repeat 2, attempt 1",
      held: "for 4 min",
      sinceTitle: "leased at 2026-10-14 09:00:00 UTC",
      turn: "on turn 7",
      lastHeard: "last heard 3 s ago",
      lastHeardTitle: "2026-10-14 09:04:07 UTC",
    });
  });
  it("puts the longest-held lease first and leaves out a turn never reported", () => {
    const lines = leaseLines([
      holder({ jobId: "job_new", heldMs: 5_000, turn: null, device: { id: "dev_b", name: "dev_b", reportedId: null } }),
      holder({ jobId: "job_old", heldMs: 600_000 }),
    ]);
    expect(lines.map((l) => l.jobId)).toEqual(["job_old", "job_new"]);
    expect(lines[1].turn).toBeNull();
    expect(lines[1].device).toBe("dev_b");
  });
});
