import { describe, expect, it } from "vitest";
import { evaluateCheck } from "@/domain/scoring";
import type { Check } from "@/domain/suite/check";
import { state, ws } from "../build";

const s = state({ workspace: ws({ "/a": "x" }), reply: "hi" });
const yes: Check = { kind: "file_exists", path: "/a" };
const no: Check = { kind: "file_exists", path: "/b" };
const yes2: Check = { kind: "reply_regex", pattern: "hi" };

describe("all / any / not", () => {
  const cases: [string, Check, boolean, string][] = [
    ["all pass", { kind: "all", of: [yes, yes2] }, true, "`/a` exists; reply matches `hi`"],
    ["all with one failing names the failure", { kind: "all", of: [yes, no] }, false, "`/b` does not exist"],
    ["any with one passing names it", { kind: "any", of: [no, yes2] }, true, "reply matches `hi`"],
    ["any with none passing", { kind: "any", of: [no] }, false, "none of the alternatives holds: `/b` does not exist"],
    ["not of failing passes", { kind: "not", check: no }, true, "`/b` does not exist"],
    ["not of passing fails", { kind: "not", check: yes }, false, "`/a` exists"],
    [
      "nested",
      {
        kind: "all",
        of: [
          { kind: "not", check: no },
          { kind: "any", of: [no, yes] },
        ],
      },
      true,
      "`/b` does not exist; `/a` exists",
    ],
    ["not not", { kind: "not", check: { kind: "not", check: yes } }, true, "`/a` exists"],
  ];
  it.each(cases)("%s", (_n, check, passed, reason) => {
    expect(evaluateCheck(check, s, "c3")).toEqual({ id: "c3", passed, reason });
  });
});
