import { describe, expect, it } from "vitest";
import { evaluateCheck } from "@/domain/scoring";
import type { Workspace } from "@/domain/protocol";
import { state, ws } from "../build";

describe("file_unchanged", () => {
  const cases: [string, Workspace, Workspace, boolean, string][] = [
    ["same content", ws({ "/a": "x" }), ws({ "/a": "x" }), true, "`/a` is unchanged"],
    ["edited", ws({ "/a": "x" }), ws({ "/a": "x\n" }), false, "`/a` was changed"],
    ["deleted", ws({ "/a": "x" }), ws({}), false, "`/a` was deleted"],
    ["created", ws({}), ws({ "/a": "" }), false, "`/a` was created but is absent from the seed"],
    ["absent in both", ws({}), ws({ "/b": "" }), true, "`/a` is still absent, as in the seed"],
  ];
  it.each(cases)("%s", (_n, seed, workspace, passed, reason) => {
    expect(evaluateCheck({ kind: "file_unchanged", path: "/a" }, state({ seed, workspace }), "c2")).toEqual({
      id: "c2",
      passed,
      reason,
    });
  });
});
