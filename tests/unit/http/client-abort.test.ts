import { describe, expect, it } from "vitest";
import { isClientAbort } from "@/domain/http/client-abort";

describe("isClientAbort", () => {
  it("recognises a client that went away", () => {
    const aborted = Object.assign(new Error("aborted"), { code: "ECONNRESET" });
    for (const e of [
      aborted,
      Object.assign(new Error("x"), { code: "EPIPE" }),
      new DOMException("gone", "AbortError"),
      new TypeError("terminated", { cause: aborted }),
    ])
      expect(isClientAbort(e)).toBe(true);
    expect(isClientAbort(new Error("boom"), AbortSignal.abort())).toBe(true);
  });
  it("leaves real bugs to be reported as such", () => {
    for (const e of [
      new Error("boom"),
      new TypeError("x is undefined"),
      "aborted",
      null,
      undefined,
      { cause: { cause: {} } },
    ])
      expect(isClientAbort(e, new AbortController().signal)).toBe(false);
  });
});
