import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { noteGaps } from "../../../packages/protocol/scripts/doc";
import { fieldRows } from "../../../packages/protocol/scripts/fields";
import { PROTOCOL_DOC, renderProtocolDoc } from "../../../scripts/protocol-doc";
import { Trace } from "@harness-lab/protocol";

describe("the protocol package's own document (issue 35.2)", () => {
  it("says what every field of every message means, and names no field that does not exist", () => {
    expect(noteGaps()).toEqual({ missing: [], stray: [] });
  });
  it("holds the field tables as the schemas are now (npm run protocol:docs)", () => {
    const current = fs.readFileSync(PROTOCOL_DOC, "utf8");
    expect(renderProtocolDoc(current)).toBe(current);
  });
  it("reads the schemas: a union's fields required only where every option needs them, bounds as rules", () => {
    const rows = new Map(fieldRows(Trace).map((r) => [r.path, r]));
    expect(rows.get("turns[].toolCalls[].changes[].path")).toMatchObject({
      required: true,
      rule: "2–1024 chars",
    });
    expect(rows.get("turns[].toolCalls[].changes[].content")).toMatchObject({ required: false, type: "string" });
    expect(rows.get("turns[].toolCalls[].args")).toMatchObject({ required: true, type: "any JSON value" });
    expect(rows.get("conditions.battery")).toMatchObject({ required: false, type: "number", rule: "0–1" });
    expect(rows.get("turns")).toMatchObject({ rule: "0–2000 items" });
  });
});
