import { describe, expect, it, vi } from "vitest";

describe("ServiceError", () => {
  it("is recognised by instanceof whichever copy of its module made it (tsx's and Next.js's in one process)", async () => {
    const mine = await import("@/server/errors");
    vi.resetModules();
    const other = await import("@/server/errors");
    expect(other.ServiceError).not.toBe(mine.ServiceError);
    const err = other.notFound("suite", "nope");
    expect(err instanceof mine.ServiceError).toBe(true);
    expect(err).toBeInstanceOf(Error);
    expect(new Error("plain") instanceof mine.ServiceError).toBe(false);
    expect({ code: "not_found" } instanceof mine.ServiceError).toBe(false);
  });
});
