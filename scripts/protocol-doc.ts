/**
 * Writes the field tables of packages/protocol/PROTOCOL.md from the package's schemas
 * (`npm run protocol:docs`); `--check` exits 1 when the file is stale.
 */
import fs from "node:fs";
import path from "node:path";
import { fieldTables } from "../packages/protocol/scripts/doc";

export const PROTOCOL_DOC = path.join(__dirname, "..", "packages", "protocol", "PROTOCOL.md");
const START = "<!-- generated: npm run protocol:docs -->";
const END = "<!-- end of generated -->";

export function renderProtocolDoc(current: string): string {
  const a = current.indexOf(START);
  const b = current.indexOf(END);
  if (a < 0 || b < a) throw new Error(`${PROTOCOL_DOC} lacks the generated markers`);
  return `${current.slice(0, a + START.length)}\n\n${fieldTables()}\n${current.slice(b)}`;
}

if (require.main === module) {
  const current = fs.readFileSync(PROTOCOL_DOC, "utf8");
  const next = renderProtocolDoc(current);
  if (process.argv.includes("--check")) {
    if (next !== current) {
      console.error("packages/protocol/PROTOCOL.md is stale: run npm run protocol:docs");
      process.exit(1);
    }
  } else fs.writeFileSync(PROTOCOL_DOC, next);
}
