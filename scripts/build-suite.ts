/**
 * Writes the default suite and its simulator solutions from suites/src:
 *   suites/phone-20.json          the Suite document (protocol.md §2)
 *   suites/src/sim-solutions.json a correct solution per task, for the simulated phone
 * Run: npx tsx scripts/build-suite.ts   (--check: exit 1 if either file is stale, write nothing)
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Suite } from "../src/domain/suite/schema";
import { buildSolutions, buildSuite } from "../suites/src/phone-20";

export const SUITE_PATH = path.join(__dirname, "..", "suites", "phone-20.json");
export const SOLUTIONS_PATH = path.join(__dirname, "..", "suites", "src", "sim-solutions.json");

export function renderSuite(): string {
  return JSON.stringify(Suite.parse(buildSuite()), null, 2) + "\n";
}
export function renderSolutions(): string {
  return JSON.stringify(buildSolutions(), null, 2) + "\n";
}

function main() {
  const check = process.argv.includes("--check");
  let stale = false;
  for (const [file, text] of [
    [SUITE_PATH, renderSuite()],
    [SOLUTIONS_PATH, renderSolutions()],
  ] as const) {
    let current = "";
    try {
      current = readFileSync(file, "utf8");
    } catch {
      /* missing */
    }
    if (current === text) continue;
    stale = true;
    if (!check) {
      writeFileSync(file, text);
      console.log(`wrote ${path.relative(process.cwd(), file)}`);
    } else console.error(`${path.relative(process.cwd(), file)} is stale: run npx tsx scripts/build-suite.ts`);
  }
  if (check && stale) process.exit(1);
  if (!stale) console.log("suite files are up to date");
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) main();
