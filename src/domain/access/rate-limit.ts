/**
 * A fixed-window limit on login attempts per address: at most `max` attempts in any window of
 * `windowMs`; the caller passes the time, so it is testable and never reads a clock itself.
 */
export function createAttemptLimiter(max = 5, windowMs = 60_000) {
  const seen = new Map<string, number[]>();
  return {
    /** Records an attempt; false when the address has used up its attempts for now. */
    allow(address: string, now: number): boolean {
      const recent = (seen.get(address) ?? []).filter((t) => now - t < windowMs);
      if (recent.length >= max) {
        seen.set(address, recent);
        return false;
      }
      recent.push(now);
      seen.set(address, recent);
      return true;
    },
    /** Milliseconds until the address may try again (0 when it may now). */
    retryAfter(address: string, now: number): number {
      const recent = (seen.get(address) ?? []).filter((t) => now - t < windowMs);
      return recent.length < max ? 0 : windowMs - (now - recent[0]);
    },
  };
}
