import { describe, expect, it } from "vitest";
import { byteOrder } from "@/domain/byteOrder";

describe("byteOrder", () => {
  it("orders ASCII as the engines' byte order does: upper case before lower, prefixes first", () => {
    expect(["b", "a", "B", "ab", "A"].sort(byteOrder)).toEqual(["A", "B", "a", "ab", "b"]);
    expect(byteOrder("x", "x")).toBe(0);
  });

  it("orders by UTF-8 bytes where UTF-16 code units disagree", () => {
    // U+FF21 (fullwidth A) is EF BC A1 in UTF-8; U+1F600 (an emoji) is F0 9F 98 80: the emoji is
    // larger in bytes, but its UTF-16 surrogate 0xD83D is smaller than 0xFF21.
    const emoji = "\u{1F600}";
    const fullwidth = "\uFF21";
    expect(emoji < fullwidth).toBe(true);
    expect(byteOrder(emoji, fullwidth)).toBeGreaterThan(0);
    expect(byteOrder(fullwidth, emoji)).toBeLessThan(0);
    expect(Buffer.compare(Buffer.from(emoji), Buffer.from(fullwidth))).toBe(1);
  });
});
