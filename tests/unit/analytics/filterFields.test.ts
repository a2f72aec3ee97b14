/**
 * The field list is the analytics filter's one definition (filterFields.ts): what every other
 * place derives must hold for every entry, so a new entry is checked without a new test here.
 */
import fs from "node:fs";
import path from "node:path";
import { getTableConfig } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { runFacts, runs, scores, sessions, turnFacts } from "@db/schema";
import { Thermal } from "@/domain/protocol/common";
import { TaskGroup } from "@/domain/suite/schema";
import { OUTCOMES } from "@/domain/scoring/types";
import { FILTER_FIELDS, type AnalyticsFilter } from "@/domain/analytics/filterFields";
import { AnalyticsFilter as Schema, parseFilter } from "@/domain/analytics/filter";
import { filterToParams } from "@/domain/analytics/filterParams";
import { FILTER_PARAMS } from "@/contracts/query";
import { staticImports } from "../../support/imports";

const columns = (t: Parameters<typeof getTableConfig>[0]) => getTableConfig(t).columns.map((c) => c.name);
const SOURCE = { run: columns(runs), session: columns(sessions), score: columns(scores) };

/** A value of each kind that is not its default, for round trips. */
function sample(f: (typeof FILTER_FIELDS)[number]): unknown {
  switch (f.kind) {
    case "list":
      return ["s1", "s2"];
    case "flag":
      return true;
    case "boolean":
      return false;
    case "enum":
      return f.options[f.options.length - 1];
    case "text":
      return "x-1";
  }
}

describe("the analytics filter's field list", () => {
  it("names each key and parameter once", () => {
    expect(new Set(FILTER_FIELDS.map((f) => f.key)).size).toBe(FILTER_FIELDS.length);
    expect(new Set(FILTER_FIELDS.map((f) => f.param)).size).toBe(FILTER_FIELDS.length);
    expect(Object.keys(Schema.shape)).toEqual(FILTER_FIELDS.map((f) => f.key));
    expect(Object.keys(FILTER_PARAMS)).toEqual(FILTER_FIELDS.map((f) => f.param));
  });

  it.each(FILTER_FIELDS.filter((f) => f.column).map((f) => [f.key, f.column!] as const))(
    "%s: its column is in its source table, run_facts and turn_facts",
    (_key, column) => {
      expect(SOURCE[column.on]).toContain(column.name);
      expect(columns(runFacts)).toContain(column.name);
      expect(columns(turnFacts)).toContain(column.name);
    },
  );

  it("offers the values the domain knows, for its enums", () => {
    const options = (key: string) => FILTER_FIELDS.find((f) => f.key === key && f.kind === "enum")!;
    expect(options("thermal")).toMatchObject({ options: Thermal.options });
    expect(options("group")).toMatchObject({ options: TaskGroup.options });
    expect(options("outcome")).toMatchObject({ options: OUTCOMES });
  });

  it.each(FILTER_FIELDS.map((f) => [f.key, f] as const))("%s: round-trips through a query string", (_k, f) => {
    const given = { [f.key]: sample(f) } as Partial<AnalyticsFilter>;
    const qs = filterToParams(given);
    expect([...qs.keys()][0]).toBe(f.param);
    const back = parseFilter(qs);
    expect(back.success && back.data).toMatchObject(given);
  });

  it.each(FILTER_FIELDS.filter((f) => f.kind !== "list").map((f) => [f.key, f] as const))(
    "%s: a bad value is a problem named by its key",
    (_k, f) => {
      const bad = f.kind === "text" ? "x".repeat(f.max + 1) : "maybe";
      const r = parseFilter(new URLSearchParams({ [f.param]: bad }));
      expect(r.success).toBe(false);
      if (!r.success) expect(r.error.issues.map((i) => i.path.join("."))).toEqual([f.key]);
    },
  );

  it("loads no zod in the browser's filter forms", () => {
    const root = path.resolve(__dirname, "..", "..", "..");
    const seen = new Set<string>();
    const walk = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const spec of staticImports(fs.readFileSync(file, "utf8"))) {
        expect(spec, `${path.relative(root, file)} imports ${spec}`).not.toBe("zod");
        const local = spec.startsWith("@/")
          ? path.join(root, "src", spec.slice(2))
          : spec.startsWith(".")
            ? path.resolve(path.dirname(file), spec)
            : null;
        const found = local && [".ts", ".tsx"].map((x) => local + x).find((p) => fs.existsSync(p));
        if (found) walk(found);
      }
    };
    for (const form of ["components/analytics/FilterBar.tsx", "components/runs/RunsFilterForm.tsx"])
      walk(path.join(root, "src", form));
    expect(seen.size).toBeGreaterThan(5);
  });
});
