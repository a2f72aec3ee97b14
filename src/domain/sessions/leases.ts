import { phoneLabel } from "../fleet/phoneName";

/** A job leased to a device right now, as the live page lists it. */
export interface LeaseHolder {
  jobId: string;
  taskId: string;
  configId: string;
  repeat: number;
  attempt: number;
  /** The paired token holding the lease (its id and name) and the `device.id` its poll reported (null: not kept). */
  device: { id: string; name: string; reportedId: string | null };
  /** When this lease was issued (ISO) and how long ago that was when the server answered (ms). */
  since: string;
  heldMs: number;
  /** The job's last sign of life, the lease or its last heartbeat (ISO), and how long ago (ms). */
  lastHeardAt: string;
  silentMs: number;
  /** The turn of the device's last heartbeat for this job, if it sent one. */
  turn: number | null;
}

/**
 * "35 s", "4 min", "1 h 05 min": how long ago something happened, coarse enough to read at a
 * glance on a page that refreshes every second or two (seconds only under a minute).
 */
export function elapsed(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min`;
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, "0")} min`;
}

/** "2026-10-14 09:03:20 UTC": the absolute time (ISO) behind a relative one, for a title. */
export function utcTime(iso: string): string {
  return `${iso.slice(0, 19).replace("T", " ")} UTC`;
}

/**
 * One line per holder for the live page, longest held first (a job stuck at 95 of 96 is the one a
 * reader looks for), naming the phone as every page does (phoneLabel): "Pixel 8 (lab A) · sim-2 holds dentist-todo-reminder × files (repeat 2, attempt 1) for 4 min,
 * on turn 7, last heard 3 s ago".
 */
export function leaseLines(holders: readonly LeaseHolder[]) {
  return [...holders]
    .sort((a, b) => b.heldMs - a.heldMs || (a.jobId < b.jobId ? -1 : 1))
    .map((h) => ({
      jobId: h.jobId,
      device: phoneLabel(h.device.name, h.device.reportedId),
      job: `${h.taskId} × ${h.configId}`,
      detail: `repeat ${h.repeat}, attempt ${h.attempt}`,
      held: `for ${elapsed(h.heldMs)}`,
      sinceTitle: `leased at ${utcTime(h.since)}`,
      turn: h.turn === null ? null : `on turn ${h.turn}`,
      lastHeard: `last heard ${elapsed(h.silentMs)} ago`,
      lastHeardTitle: utcTime(h.lastHeardAt),
    }));
}
export type LeaseLine = ReturnType<typeof leaseLines>[number];
