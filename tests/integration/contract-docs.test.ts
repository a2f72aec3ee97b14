import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROUTES } from "@/contracts";
import { withRouteTable } from "@/contracts/markdown";
import { FILTER_FIELDS } from "@/domain/analytics/filterFields";

const file = path.join(__dirname, "..", "..", "docs", "api.md");

describe("docs/api.md", () => {
  it("carries the route reference the contract generates (run `npm run api:docs` after changing a route)", () => {
    const doc = fs.readFileSync(file, "utf8");
    expect(doc).toBe(withRouteTable(doc));
  });

  it("names every route of the contract somewhere", () => {
    const doc = fs.readFileSync(file, "utf8");
    for (const r of ROUTES) expect(doc, `${r.method} ${r.path}`).toContain(`${r.method} ${r.path}`);
  });

  it("documents every parameter of the analytics filter (src/domain/analytics/filterFields.ts)", () => {
    const doc = fs.readFileSync(file, "utf8");
    for (const f of FILTER_FIELDS) expect(doc, f.param).toMatch(new RegExp(`\`${f.param}[\`=]`));
  });
});
