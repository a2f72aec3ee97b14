import { describe, expect, it } from "vitest";
import { EXPORT_COLUMNS } from "@/domain/export";
import { PARQUET_TABLES, typedCell } from "@/domain/export/parquet";

describe("Parquet column types (issue 35.4)", () => {
  it("type every CSV column, in the CSV's order", () => {
    expect(PARQUET_TABLES.runs.map((c) => c.name)).toEqual([...EXPORT_COLUMNS]);
    expect(PARQUET_TABLES.runs.find((c) => c.name === "started_at")?.type).toBe("timestamp");
  });
  it("refuse a value of the wrong type by its column instead of rounding or guessing", () => {
    const repeat = { name: "repeat", type: "bigint" as const };
    expect(typedCell(repeat, 3)).toBe(3n);
    expect(typedCell(repeat, null)).toBeNull();
    expect(() => typedCell(repeat, 2.5)).toThrow("repeat: expected a whole number, got 2.5");
    expect(() => typedCell({ name: "passed", type: "boolean" }, "true")).toThrow(
      'passed: expected true or false, got "true"',
    );
    expect(() => typedCell({ name: "started_at", type: "timestamp" }, "yesterday")).toThrow(
      "expected an ISO 8601 time",
    );
    expect(typedCell({ name: "reply", type: "text" }, "=1+1")).toBe("=1+1");
  });
});
