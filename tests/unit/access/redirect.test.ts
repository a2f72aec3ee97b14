import { describe, expect, it } from "vitest";
import { safeNextPath } from "@/domain/access/redirect";

describe("safeNextPath", () => {
  it.each([
    ["/", "/"],
    ["/analytics", "/analytics"],
    ["/sessions/ses_1?tab=runs#top", "/sessions/ses_1?tab=runs#top"],
    ["/a/../b", "/b"],
    ["runs", "/runs"],
  ])("keeps the dashboard path %j", (next, path) => expect(safeNextPath(next)).toBe(path));
  it.each([
    "//evil",
    "//evil.example/x",
    "/\\evil",
    "/\\evil.example",
    "\\\\evil",
    "/\t/evil",
    "/\n/evil",
    " //evil",
    "https://evil",
    "http://dashboard.invalid.evil/",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "/.//evil",
    "/..//evil",
    "///evil",
    "//%09/evil",
    "",
    null,
    undefined,
  ])("sends %j to /", (next) => expect(safeNextPath(next)).toBe("/"));
  it("keeps `/%5Cevil.example` as the harmless local path it is once the form posts it back decoded", () => {
    // The login page reads `next` from its query (decoded: `/\evil.example`) and posts it back.
    expect(safeNextPath(new URLSearchParams("next=/%5Cevil.example").get("next"))).toBe("/");
    expect(safeNextPath("/%5Cevil.example")).toBe("/%5Cevil.example");
  });
  it("percent-encodes what could break the Location header", () => {
    expect(safeNextPath("/a\r\nSet-Cookie: x=1")).toBe("/aSet-Cookie:%20x=1");
  });
});
