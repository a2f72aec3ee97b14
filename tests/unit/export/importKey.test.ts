import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ImportFile, importIdentity } from "@/domain/export";
import { importKey } from "@/server/export/importKey";

const fixture = () => JSON.parse(fs.readFileSync(path.join(__dirname, "../../fixtures/export/runs.json"), "utf8"));

describe("importKey", () => {
  it("is the SHA-256 of the parsed file's sorted-key JSON (fixture digest from sha256sum)", () => {
    expect(importKey(ImportFile.parse(fixture()))).toBe(
      "b52f80f4e23820002e3786bc6bdfbf8382e6f5a2923f6ed7de4fa4db0b38a8c6",
    );
  });

  it("hashes the file's sorted-key JSON", () => {
    expect(importIdentity(ImportFile.parse(fixture()))).toMatch(/^\{"runs":\[\{"attempt":/);
  });

  it("ignores key order and whitespace; any changed value of a run makes a new key", () => {
    const file = fixture();
    const reordered = JSON.parse(JSON.stringify({ runs: file.runs, version: file.version }, null, 2));
    expect(importKey(ImportFile.parse(reordered))).toBe(importKey(ImportFile.parse(file)));
    const changed = fixture();
    changed.runs[0].loadMs += 1;
    expect(importKey(ImportFile.parse(changed))).not.toBe(importKey(ImportFile.parse(file)));
  });
});
