import { describe, expect, it } from "vitest";
import { inertPieces, inertString, markerFor } from "@/domain/trace";

describe("inert text", () => {
  it("leaves ordinary text, tabs, newlines, CRLF and HTML untouched (React escapes HTML)", () => {
    const s = "a\tb\r\nc <script>alert(1)</script> é 日本 👍";
    expect(inertPieces(s)).toEqual([s]);
    expect(inertString(s)).toBe(s);
  });

  it("shows ANSI escapes as ⟨ESC⟩ and keeps the rest of the sequence readable", () => {
    expect(inertString("\u001b[31mred\u001b[0m")).toBe("⟨ESC⟩[31mred⟨ESC⟩[0m");
    expect(inertPieces("\u001b[1m")).toEqual([{ mark: "⟨ESC⟩", title: "U+001B" }, "[1m"]);
  });

  it("marks bidi overrides and isolates by name", () => {
    expect(inertString("a\u202Eevil\u202Cb")).toBe("a⟨RLO⟩evil⟨PDF⟩b");
    expect(inertString("\u202A\u202B\u202D\u2066\u2067\u2068\u2069")).toBe("⟨LRE⟩⟨RLE⟩⟨LRO⟩⟨LRI⟩⟨RLI⟩⟨FSI⟩⟨PDI⟩");
  });

  it("marks zero-width characters", () => {
    expect(inertString("p\u200Ba\u200Cs\u200Ds\uFEFF")).toBe("p⟨ZWSP⟩a⟨ZWNJ⟩s⟨ZWJ⟩s⟨BOM⟩");
  });

  it("names other C0 controls, a lone CR and DEL; C1 by code point", () => {
    expect(inertString("\u0000\u0007\u0008\u001f")).toBe("⟨NUL⟩⟨BEL⟩⟨BS⟩⟨US⟩");
    expect(inertString("over\rwrite")).toBe("over⟨CR⟩write");
    expect(markerFor("\u007f")).toBe("⟨DEL⟩");
    expect(inertString("\u009b31m")).toBe("⟨U+009B⟩31m");
  });

  it("splits into plain runs and markers in order", () => {
    expect(inertPieces("x\u200By")).toEqual(["x", { mark: "⟨ZWSP⟩", title: "U+200B" }, "y"]);
    expect(inertPieces("")).toEqual([]);
  });

  it("handles a 1 MB line in one pass", () => {
    const big = "A".repeat(1_000_000) + "\u001b";
    const pieces = inertPieces(big);
    expect(pieces).toHaveLength(2);
    expect((pieces[0] as string).length).toBe(1_000_000);
  });
});
