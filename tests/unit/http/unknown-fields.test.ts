import { describe, expect, it } from "vitest";
import { z } from "zod";
import { editDistance, nearestName, unknownFieldIssues, unknownFields } from "@/domain/http/unknown-fields";
import { CreateSessionRequest } from "@/domain/protocol/api";

describe("editDistance (optimal string alignment)", () => {
  // Worked by hand: kitten→sitting is the textbook Levenshtein 3; a swap of neighbours is one edit.
  it.each([
    ["kitten", "sitting", 3],
    ["trail", "trial", 1],
    ["repeat", "repeats", 1],
    ["ca", "abc", 3],
    ["", "abc", 3],
    ["same", "same", 0],
  ])("%s → %s is %i", (a, b, d) => expect(editDistance(a, b)).toBe(d));
});

describe("nearestName", () => {
  const known = ["name", "suite", "tasks", "configs", "repeats", "trial", "order", "seed"];
  it("suggests the field a typo meant", () => {
    expect(nearestName("repeat", known)).toBe("repeats");
    expect(nearestName("trail", known)).toBe("trial");
    expect(nearestName("Configs", known)).toBe("configs");
  });
  it("suggests nothing for a name far from every field", () => {
    expect(nearestName("priority", known)).toBeNull();
    // Two letters from `seed` is half of a four-letter name: not a typo.
    expect(nearestName("sent", known)).toBeNull();
  });
});

describe("unknownFields", () => {
  it("finds the typos of POST /api/sessions that were dropped in silence", () => {
    const body = { name: "x", configs: ["a"], repeat: 5, trail: true };
    expect(unknownFields(CreateSessionRequest, body).map((u) => u.path)).toEqual(["repeat", "trail"]);
    expect(unknownFieldIssues(unknownFields(CreateSessionRequest, body))).toEqual([
      { path: "repeat", message: "`repeat` is not a field: did you mean `repeats`?" },
      { path: "trail", message: "`trail` is not a field: did you mean `trial`?" },
    ]);
  });
  it("walks into unions, arrays and optional objects, and names the path", () => {
    const body = { name: "x", configs: ["a"], tasks: { groups: ["single"], grop: 1 } };
    expect(unknownFields(CreateSessionRequest, body).map((u) => u.path)).toEqual(["tasks.grop"]);
    const schema = z.object({ items: z.array(z.object({ id: z.string() })).optional() });
    expect(unknownFields(schema, { items: [{ id: "a" }, { id: "b", idd: 1 }] })).toEqual([
      { path: "items.1.idd", known: ["id"] },
    ]);
  });
  it("names keys that are Object's own (`constructor`, `__proto__`) as unknown instead of following them", () => {
    const body = JSON.parse('{"name": "x", "configs": ["a"], "constructor": 1, "__proto__": {"toString": 2}}');
    expect(unknownFields(CreateSessionRequest, body).map((u) => u.path)).toEqual(["constructor", "__proto__"]);
  });
  it("leaves alone what takes any key: loose objects, records, unknown", () => {
    expect(unknownFields(z.looseObject({ a: z.string() }), { a: "x", b: 1 })).toEqual([]);
    expect(unknownFields(z.record(z.string(), z.number()), { any: 1 })).toEqual([]);
    expect(unknownFields(z.unknown(), { any: 1 })).toEqual([]);
  });
  it("lists the known fields when no name is close", () => {
    const schema = z.object({ alpha: z.number(), beta: z.number() });
    expect(unknownFieldIssues(unknownFields(schema, { alpha: 1, zzzzzz: 2 }))).toEqual([
      { path: "zzzzzz", message: "`zzzzzz` is not a field: the fields here are `alpha`, `beta`." },
    ]);
  });
});
