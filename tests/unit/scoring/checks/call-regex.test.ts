import { describe, expect, it } from "vitest";
import { evaluateCheck } from "@/domain/scoring";
import type { Check } from "@/domain/suite/check";
import { call, state } from "../build";

const calls = [
  call("bash", { command: "grep -ril dentist /" }, true),
  call("read_file", { path: "/notes/health.md" }, false),
  call("bash", "not-an-object", true),
];

describe("call_regex", () => {
  const cases: [string, Check, boolean, string][] = [
    ["any tool", { kind: "call_regex", pattern: "dentist" }, true, "call 1 (`bash`) has args matching `dentist`"],
    [
      "tool filter",
      { kind: "call_regex", tool: "read_file", pattern: "health" },
      true,
      "call 2 (`read_file`) has args matching `health`",
    ],
    [
      "tool filter excludes",
      { kind: "call_regex", tool: "bash", pattern: "health" },
      false,
      "no `bash` call has args matching `health`",
    ],
    [
      "ok true excludes failed call",
      { kind: "call_regex", ok: true, pattern: "health" },
      false,
      "no successful call has args matching `health`",
    ],
    [
      "ok false selects failed call",
      { kind: "call_regex", ok: false, pattern: "health" },
      true,
      "call 2 (`read_file`) has args matching `health`",
    ],
    [
      "tool and ok",
      { kind: "call_regex", tool: "bash", ok: false, pattern: "." },
      false,
      "no failed `bash` call has args matching `.`",
    ],
    // JSON.stringify keeps the quotes and escapes of the args
    [
      "matches JSON text",
      { kind: "call_regex", pattern: '^\\{"command":"grep' },
      true,
      'call 1 (`bash`) has args matching `^\\{"command":"grep`',
    ],
    [
      "non-object args are stringified",
      { kind: "call_regex", pattern: '^"not-an' },
      true,
      'call 3 (`bash`) has args matching `^"not-an`',
    ],
  ];
  it.each(cases)("%s", (_n, check, passed, reason) => {
    expect(evaluateCheck(check, state({ calls }), "c1")).toEqual({ id: "c1", passed, reason });
  });

  it("no calls at all fails", () => {
    expect(evaluateCheck({ kind: "call_regex", pattern: "." }, state(), "c1")).toEqual({
      id: "c1",
      passed: false,
      reason: "no call has args matching `.`",
    });
  });
});
