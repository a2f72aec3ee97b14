import { describe, expect, it } from "vitest";
import { getTableConfig } from "drizzle-orm/pg-core";
import { maxRows, pgType, toPgValue, valuesInsert } from "../../../scripts/lib/pgValues";
import { runs, scores } from "../../../db/schema-pg";

describe("SQLite values to PostgreSQL columns (the PostgreSQL seed)", () => {
  it("turns SQLite's 0/1 into booleans and refuses anything else in a boolean column", () => {
    expect(toPgValue("boolean", 1, "runs.charging")).toBe(true);
    expect(toPgValue("boolean", 0, "runs.charging")).toBe(false);
    expect(toPgValue("boolean", null, "runs.charging")).toBeNull();
    expect(() => toPgValue("boolean", 2, "runs.charging")).toThrow(/runs\.charging.*2.*boolean/);
  });

  it("keeps integers (millisecond timestamps included) and refuses fractions and text in integer columns", () => {
    expect(toPgValue("bigint", 1_764_600_000_000, "runs.received_at")).toBe(1_764_600_000_000);
    expect(toPgValue("bigint", 12345678901234567890n, "x.y")).toBe("12345678901234567890");
    expect(() => toPgValue("integer", 1.5, "turns.idx")).toThrow(/turns\.idx/);
    expect(() => toPgValue("integer", "7", "turns.idx")).toThrow(/integer/);
    expect(toPgValue("double precision", 0.25, "scores.median_turn_ms")).toBe(0.25);
    expect(toPgValue("text", '{"a":1}', "scores.checks")).toBe('{"a":1}');
    expect(() => toPgValue("text", 1, "runs.id")).toThrow(/text/);
  });

  it("knows every column type of db/schema-pg's runs and scores, and says so for one it does not", () => {
    const types = [runs, scores].flatMap((t) => getTableConfig(t).columns.map((c) => pgType(c.getSQLType())));
    expect(new Set(types)).toEqual(new Set(["text", "integer", "bigint", "boolean", "double precision"]));
    expect(
      getTableConfig(runs)
        .columns.find((c) => c.name === "charging")
        ?.getSQLType(),
    ).toBe("boolean");
    expect(() => pgType("jsonb")).toThrow(/jsonb has no conversion/);
  });

  it("numbers every row's parameters in order, each cast to its column's type, within PostgreSQL's limit", () => {
    const cols = [
      { name: "run_id", type: "text" as const },
      { name: "bytes", type: "integer" as const },
    ];
    expect(valuesInsert("traces", cols, 2)).toBe(
      'INSERT INTO "traces" ("run_id", "bytes") VALUES ($1::text, $2::integer), ($3::text, $4::integer)',
    );
    expect(maxRows(2)).toBe(1000);
    expect(maxRows(100) * 100).toBeLessThanOrEqual(65_535);
    expect(maxRows(70_000)).toBe(1);
  });
});
