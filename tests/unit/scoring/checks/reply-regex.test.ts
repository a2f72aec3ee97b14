import { describe, expect, it } from "vitest";
import { evaluateCheck } from "@/domain/scoring";
import type { Check } from "@/domain/suite/check";
import { state } from "../build";

describe("reply_regex", () => {
  const cases: [string, Check, string, boolean, string][] = [
    ["matches", { kind: "reply_regex", pattern: "Tuesday" }, "It is on Tuesday.", true, "reply matches `Tuesday`"],
    [
      "no match",
      { kind: "reply_regex", pattern: "Tuesday" },
      "It is on Monday.",
      false,
      "reply does not match `Tuesday`",
    ],
    ["empty reply", { kind: "reply_regex", pattern: "." }, "", false, "reply is empty, so it does not match `.`"],
    [
      "flag u for unicode escapes",
      { kind: "reply_regex", pattern: "\\p{Emoji_Presentation}", flags: "u" },
      "done 🎉",
      true,
      "reply matches `\\p{Emoji_Presentation}` (flags `u`)",
    ],
  ];
  it.each(cases)("%s", (_n, check, reply, passed, reason) => {
    expect(evaluateCheck(check, state({ reply }), "c1")).toEqual({ id: "c1", passed, reason });
  });
});
