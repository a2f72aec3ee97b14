/** A device counts as online when it made a request within this window (issue 20.4: "seen in the last minute"). */
export const ONLINE_WINDOW_MS = 60_000;

/** Whether a device last seen at `lastSeenAt` (ms, null = never) is online at `now`. */
export function isOnline(lastSeenAt: number | null, now: number, windowMs = ONLINE_WINDOW_MS): boolean {
  return lastSeenAt !== null && now - lastSeenAt <= windowMs;
}
