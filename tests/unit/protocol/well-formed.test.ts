import { describe, expect, it } from "vitest";
import {
  illFormedStrings,
  isWellFormedText,
  mayHoldLoneSurrogate,
  pathEscapesValid,
} from "@/domain/protocol/well-formed";

describe("isWellFormedText", () => {
  it("accepts pairs, emoji and U+FFFD, refuses lone high and low surrogates", () => {
    expect(isWellFormedText("phone 😀 \ufffd é")).toBe(true);
    expect(isWellFormedText("phone\ud800x")).toBe(false);
    expect(isWellFormedText("\udfff")).toBe(false);
    expect(isWellFormedText("\udfff\ud800")).toBe(false); // reversed pair
    expect(isWellFormedText("x\ud83d")).toBe(false); // a pair cut at the end
  });
});

describe("illFormedStrings", () => {
  it("finds nothing in a well-formed body", () => {
    expect(illFormedStrings({ device: { id: "iphone15pro-a" }, turns: [{ text: "😀" }], n: 1, b: null })).toEqual([]);
  });

  it("names the dotted path of a value, in objects and arrays", () => {
    expect(illFormedStrings({ device: { id: "phone\ud800x" } })).toEqual([
      { path: "device.id", message: expect.stringMatching(/lone surrogate/) },
    ]);
    expect(
      illFormedStrings({ turns: [{ text: "ok" }, { toolCalls: [{ args: ["a", "\udc00"] }] }] }).map((i) => i.path),
    ).toEqual(["turns.1.toolCalls.0.args.1"]);
    expect(illFormedStrings("\ud800").map((i) => i.path)).toEqual(["(body)"]);
  });

  it("finds keys with lone surrogates, reported at their object without echoing the key", () => {
    const issues = illFormedStrings({ toolCalls: [{ args: { ["k\ud800"]: 1 } }] });
    expect(issues).toEqual([{ path: "toolCalls.0.args", message: expect.stringMatching(/key/) }]);
    expect(JSON.stringify(issues)).not.toMatch(/\\ud800/i);
  });

  it("walks 20,000 levels without overflowing the stack and caps the findings", () => {
    let deep: unknown = "\ud800";
    for (let i = 0; i < 20_000; i++) deep = [deep];
    expect(illFormedStrings(deep)).toHaveLength(1);
    expect(illFormedStrings(Array(500).fill("\ud800"))).toHaveLength(20);
  });
});

describe("mayHoldLoneSurrogate", () => {
  it("is true for every JSON text that parses to a lone surrogate, and false for plain text", () => {
    for (const s of ["\ud800", "x\udfffy", "\ud83d", "\udc00\ud800"]) {
      const text = JSON.stringify({ [s]: s });
      expect(illFormedStrings(JSON.parse(text)).length, text).toBeGreaterThan(0);
      expect(mayHoldLoneSurrogate(text), text).toBe(true);
    }
    expect(mayHoldLoneSurrogate('{"a":"\\uDBFF"}')).toBe(true); // upper-case hex, as other encoders write it
    expect(mayHoldLoneSurrogate(JSON.stringify({ a: "😀 é \ufffd" }))).toBe(false);
    // An escaped backslash before "ud800" is a false alarm: it only costs the walk, which finds nothing.
    expect(illFormedStrings(JSON.parse(JSON.stringify({ b: "\\ud800 written out" })))).toEqual([]);
    expect(mayHoldLoneSurrogate('{"a":"\\u0041"}')).toBe(false);
  });
});

describe("pathEscapesValid", () => {
  it("accepts plain paths and escapes of valid UTF-8, refuses malformed ones and encoded surrogates", () => {
    for (const p of ["/api/runs/run_01", "/suites/phone-20", "/api/runs/%F0%9F%98%80", "/a%20b", "/x%2Fy", "/%C3%A9"])
      expect(pathEscapesValid(p), p).toBe(true);
    for (const p of ["/api/runs/run%ED%A0%80", "/suites/x%ZZ", "/%E0%A4%A", "/%FF", "/%C0%AF", "/a%"])
      expect(pathEscapesValid(p), p).toBe(false);
  });
});
