import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ImportFile, importKey } from "@/domain/export";
import { sha256Hex } from "@/domain/export/sha256";

const fixture = () => JSON.parse(fs.readFileSync(path.join(__dirname, "../../fixtures/export/runs.json"), "utf8"));

describe("sha256Hex", () => {
  // Digests from `printf '…' | sha256sum` (coreutils), not from this code.
  it.each([
    ["", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"],
    ["abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"],
    ['{"runs":[],"version":1}', "81936f698f5634137041517a420340d3de7e8d15402db1e76e941be56a869bae"],
    ["héllo ✓ 𝄞", "aba05606790661dbbd8dd839fb77a9aae31d3f138fcc28a75aa14e35c536e5f0"],
    [
      "GVOzeL29ltZlYc6DeA15aS5LkVWGN50d5w+SF9+voGl0KEjYUr1yoTyFWT7pFAwlQ515Ou7HkHaI4URC//LJbZQNBNIuLS2cee1t9syU/3/HgtFJfhxLgbEfV4WsdOs5EHP+dtNFDZ1ATml2gShzSfCvwcHqAGcSdnSNoMRhZofTDG5XDWS+OMzruGmqilmMWVseMW4A",
      "9c164548876afa8dacb0e55070e7429ca1dc5b7b9f71a0cf7fa1912c530511e9",
    ],
  ])("hashes %j as sha256sum does", (text, digest) => {
    expect(sha256Hex(text)).toBe(digest);
  });
});

describe("importKey", () => {
  it("is the SHA-256 of the parsed file's sorted-key JSON (fixture digest from sha256sum)", () => {
    expect(importKey(ImportFile.parse(fixture()))).toBe(
      "b52f80f4e23820002e3786bc6bdfbf8382e6f5a2923f6ed7de4fa4db0b38a8c6",
    );
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
