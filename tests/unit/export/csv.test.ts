import { describe, expect, it } from "vitest";
import { CSV_HEADER, camel, csvCell, csvLine, EXPORT_COLUMNS } from "@/domain/export";

describe("csvCell (RFC 4180 + formula neutralising)", () => {
  it.each([
    [null, ""],
    [true, "true"],
    [false, "false"],
    [0, "0"],
    [1234.5, "1234.5"],
    // A number cell is never a formula: only text gets the quote.
    [-3, "-3"],
    [Number.NaN, ""],
    ["plain", "plain"],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["cr\rhere", '"cr\rhere"'],
    ["=SUM(A1:A9)", "'=SUM(A1:A9)"],
    ["+1", "'+1"],
    ["-2", "'-2"],
    ["@cmd", "'@cmd"],
    ["\tTAB", "'\tTAB"],
    ["\rCR", '"\'\rCR"'],
    ['=HYPERLINK("x")', '"\'=HYPERLINK(""x"")"'],
    ["ünïcödé ✓", "ünïcödé ✓"],
    // Spreadsheets trim leading blanks, then read the formula (issue 32).
    [" =1+1", "' =1+1"],
    ["   +1", "'   +1"],
    ["\n=cmd", '"\'\n=cmd"'],
    [" \r\n\t@x", '"\' \r\n\t@x"'],
    ["\n-2", '"\'\n-2"'],
    [" plain", " plain"],
    ["\nplain", '"\nplain"'],
    ["12 + 19 = 31", "12 + 19 = 31"],
  ] as const)("%j → %j", (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });
});

describe("csv lines", () => {
  it("ends records with CRLF", () => {
    expect(csvLine(["a", 1, null, true])).toBe("a,1,,true\r\n");
  });
  it("has the protocol's 36 v1 columns in order, then v1.1's four", () => {
    expect(EXPORT_COLUMNS).toHaveLength(40);
    expect(CSV_HEADER.startsWith("run_id,session_id,session_name,trial,task_id,")).toBe(true);
    expect(EXPORT_COLUMNS.indexOf("superseded")).toBe(35);
    expect(
      CSV_HEADER.endsWith(",thermal_at_start,charging,superseded,end_reason,failed_checks,wall_ms,reply\r\n"),
    ).toBe(true);
  });
  it("camel-cases names for runs.json", () => {
    expect(camel("failed_tool_call_count")).toBe("failedToolCallCount");
    expect(camel("run_id")).toBe("runId");
  });
});
