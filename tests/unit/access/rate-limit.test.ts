import { describe, expect, it } from "vitest";
import { createAttemptLimiter } from "@/domain/access/rate-limit";

describe("createAttemptLimiter", () => {
  it("allows max attempts per window per address, then says how long to wait", () => {
    const l = createAttemptLimiter(3, 60_000);
    expect([0, 1, 2].map((t) => l.allow("a", t * 1000))).toEqual([true, true, true]);
    expect(l.allow("a", 5_000)).toBe(false);
    expect(l.retryAfter("a", 5_000)).toBe(55_000);
    expect(l.allow("b", 5_000)).toBe(true);
    expect(l.allow("a", 60_001)).toBe(true);
    // The attempt at 0 has left the window; those at 1 s and 2 s and the new one remain.
    expect(l.retryAfter("a", 60_001)).toBe(999);
    expect(l.retryAfter("a", 62_000)).toBe(0);
  });
});
