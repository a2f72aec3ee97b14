import fs from "node:fs";
import path from "node:path";
import { builtinModules } from "node:module";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "..", "..", "..");

/** Every module `file` loads statically, following relative imports: what must resolve before it runs a line. */
function staticImports(file: string, seen = new Set<string>()): { file: string; spec: string }[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const text = fs.readFileSync(file, "utf8");
  const out: { file: string; spec: string }[] = [];
  for (const m of text.matchAll(/^\s*import\s+(?:[^'"]*?\s+from\s+)?["']([^"']+)["']/gm)) {
    const spec = m[1];
    if (spec.startsWith(".")) out.push(...staticImports(path.resolve(path.dirname(file), spec), seen));
    else out.push({ file: path.relative(root, file), spec });
  }
  return out;
}

const isBuiltin = (spec: string) => spec.startsWith("node:") || builtinModules.includes(spec);

describe("the README's first commands on a fresh clone", () => {
  // `npm start` and `npm test` install the dependencies themselves: the scripts they run, and all
  // those load statically, may use nothing but Node's own modules (a fresh clone has no
  // node_modules when they start; banner.mjs once imported pg-connection-string and npm start died).
  it.each(["scripts/start.mjs", "scripts/test.mjs"])(
    "%s loads only Node's built-in modules before it installs",
    (entry) => {
      const external = staticImports(path.join(root, entry)).filter((i) => !isBuiltin(i.spec));
      expect(external).toEqual([]);
    },
  );
});
