import { describe, expect, it } from "vitest";
import { evaluateCheck, linesOf } from "@/domain/scoring";
import type { Workspace } from "@/domain/protocol";
import type { Check } from "@/domain/suite/check";
import { state, ws } from "../build";

const check: Check = { kind: "new_line", path: "/todo.md", pattern: "- \\[ \\] .*dentist" };

describe("new_line", () => {
  const cases: [string, Workspace, Workspace, boolean, string][] = [
    [
      "added line matches",
      ws({ "/todo.md": "- [ ] milk" }),
      ws({ "/todo.md": "- [ ] milk\n- [ ] call dentist" }),
      true,
      "`/todo.md` has a new line `- [ ] call dentist` matching `- \\[ \\] .*dentist`",
    ],
    [
      "matching line was already in the seed",
      ws({ "/todo.md": "- [ ] call dentist" }),
      ws({ "/todo.md": "- [ ] call dentist\n- [ ] milk" }),
      false,
      "`/todo.md` has no new line matching `- \\[ \\] .*dentist`",
    ],
    [
      "seed line moved elsewhere is not new",
      ws({ "/todo.md": "a\n- [ ] dentist" }),
      ws({ "/todo.md": "- [ ] dentist\na" }),
      false,
      "`/todo.md` has no new line matching `- \\[ \\] .*dentist`",
    ],
    [
      "absent seed file means every line is new",
      ws({}),
      ws({ "/todo.md": "- [ ] dentist" }),
      true,
      "`/todo.md` has a new line `- [ ] dentist` matching `- \\[ \\] .*dentist`",
    ],
    ["file missing", ws({ "/todo.md": "x" }), ws({}), false, "`/todo.md` does not exist"],
    [
      "CRLF seed line equals LF line",
      ws({ "/todo.md": "- [ ] dentist\r\nmilk\r\n" }),
      ws({ "/todo.md": "- [ ] dentist\nmilk\neggs" }),
      false,
      "`/todo.md` has no new line matching `- \\[ \\] .*dentist`",
    ],
  ];
  it.each(cases)("%s", (_n, seed, workspace, passed, reason) => {
    expect(evaluateCheck(check, state({ seed, workspace }), "c1")).toEqual({ id: "c1", passed, reason });
  });

  it("a trailing \\r is dropped before matching, so $ anchors at the text", () => {
    const v = evaluateCheck(
      { kind: "new_line", path: "/f", pattern: "dentist$" },
      state({ workspace: ws({ "/f": "dentist\r\n" }) }),
      "c1",
    );
    expect(v.passed).toBe(true);
  });

  it.each([
    ["", [""]],
    ["a\nb", ["a", "b"]],
    ["a\r\nb\r\n", ["a", "b", ""]],
    ["a\r\r\n", ["a\r", ""]], // only one trailing \r is dropped
  ])("linesOf(%j)", (text, lines) => {
    expect(linesOf(text)).toEqual(lines);
  });
});
