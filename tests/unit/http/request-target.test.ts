import { describe, expect, it } from "vitest";
import { parseRequestTarget } from "@/domain/http/request-target";

describe("parseRequestTarget (RFC 9112 §3.2)", () => {
  it.each([
    ["/", { form: "origin", path: "/" }],
    ["/api/health?x=1", { form: "origin", path: "/api/health?x=1" }],
    ["http://evil.com/", { form: "absolute", scheme: "http", authority: "evil.com", path: "/" }],
    ["HTTP://evil.com", { form: "absolute", scheme: "http", authority: "evil.com", path: "/" }],
    [
      "http://127.0.0.1:3000/api/runs?x=1",
      { form: "absolute", scheme: "http", authority: "127.0.0.1:3000", path: "/api/runs?x=1" },
    ],
    ["https://a@b/x", { form: "absolute", scheme: "https", authority: "a@b", path: "/x" }],
    ["http://[::1]:3000?q", { form: "absolute", scheme: "http", authority: "[::1]:3000", path: "/?q" }],
    ["http:///x", { form: "absolute", scheme: "http", authority: "", path: "/x" }],
    ["*", { form: "other" }],
    ["evil.com:443", { form: "other" }],
    ["api/health", { form: "other" }],
    ["", { form: "other" }],
  ] as const)("%j", (target, expected) => {
    expect(parseRequestTarget(target)).toEqual(expected);
  });
});
