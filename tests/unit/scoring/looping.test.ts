import { describe, expect, it } from "vitest";
import { isLooping } from "@/domain/scoring";
import type { ToolCall } from "@/domain/protocol";
import { call } from "./build";

const a = call("read_file", { path: "/a" });
const b = call("read_file", { path: "/b" });
const c = call("bash", { command: "ls" });

describe("isLooping", () => {
  const cases: [string, ToolCall[], boolean][] = [
    ["no calls", [], false],
    ["one call", [a], false],
    ["different calls", [a, b, c], false],
    ["twice in a row", [c, a, a], true],
    ["twice apart", [a, b, a], false],
    ["three times apart", [a, b, a, c, a], true],
    ["two pairs of twice apart", [a, b, a, b], false],
    ["same args, different tool", [call("x", { p: 1 }), call("y", { p: 1 })], false],
    ["same tool, different args", [call("x", { p: 1 }), call("x", { p: 2 })], false],
    [
      "key order ignored, nested too",
      [call("x", { a: 1, b: { c: 1, d: 2 } }), call("x", { b: { d: 2, c: 1 }, a: 1 })],
      true,
    ],
    ["array order matters", [call("x", [1, 2]), call("x", [2, 1])], false],
    [
      "ok/result do not matter: a retried failure is a repeat",
      [call("x", "s", false, { result: "e1" }), call("x", "s", true, { result: "ok" })],
      true,
    ],
    ["non-object args", [call("x", "raw"), call("x", "raw")], true],
  ];
  it.each(cases)("%s", (_n, calls, looping) => {
    expect(isLooping(calls)).toBe(looping);
  });
});
