import { describe, expect, it } from "vitest";
import { isJsonMediaType, parseMediaType } from "@/domain/http/media-type";

describe("isJsonMediaType", () => {
  it.each([
    "application/json",
    "APPLICATION/JSON",
    "application/json; charset=utf-8",
    'application/json;charset="utf-8"',
    'application/json ; a=b ;; c="x;y\\"z"',
    "application/problem+json",
    "application/vnd.api+json; ext=x",
    " application/json ",
  ])("accepts %j", (t) => expect(isJsonMediaType(t)).toBe(true));
  it.each([
    "application/x-www-form-urlencoded; x=a+json",
    "application/x-www-form-urlencoded;+json",
    "text/plain; application/json",
    "multipart/form-data; boundary=+json",
    "application/jsonp",
    "application/json-seq",
    "application/+json",
    "application/json, text/plain",
    "application/json; charset",
    "application/json; =x",
    "application/json x",
    "application /json",
    "application/",
    "/json",
    "json",
    "text/json",
    'application/json; a="unterminated',
    "",
    "application/x+jsonx",
    "application/json;a=b c",
  ])("refuses %j", (t) => expect(isJsonMediaType(t)).toBe(false));
});

describe("parseMediaType", () => {
  it("lower-cases type and subtype and ignores parameters", () => {
    expect(parseMediaType("Application/Vnd.X+JSON; Charset=UTF-8")).toEqual({
      type: "application",
      subtype: "vnd.x+json",
    });
  });
  it("stays fast on long runs of blanks and semicolons", () => {
    const started = performance.now();
    for (const v of [
      "application/json" + "; ".repeat(5000) + "\u0000",
      "application/json;" + " ".repeat(10000) + "x",
      "a/b" + ';a="'.repeat(3001) + "\u0001",
    ])
      expect(parseMediaType(v)).toBeNull();
    expect(performance.now() - started).toBeLessThan(200);
  });
});
