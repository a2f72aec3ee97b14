import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const src = path.join(__dirname, "..", "..", "..", "packages", "protocol", "src");
const files = fs.readdirSync(src, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));

// The phone app runs this package under React Native (Hermes): no Node built-ins, no Node globals.
describe("packages/protocol runs outside Node", () => {
  it("has source files to check", () => {
    expect(files.length).toBeGreaterThan(8);
  });
  it.each(files)("%s imports nothing but zod and its own files, and uses no Node globals", (file) => {
    const text = fs.readFileSync(path.join(src, file), "utf8");
    const imports = [...text.matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)].map((m) => m[1]);
    expect(imports.filter((i) => i !== "zod" && !/^\.\.?\/.*\.ts$/.test(i))).toEqual([]);
    const code = text.replace(/\/\/.*$/gm, "").replace(/\/\*[\s\S]*?\*\//g, "");
    expect(code).not.toMatch(/\b(Buffer|process|require|__dirname|global)\b|node:/);
  });
});
