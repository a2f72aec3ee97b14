/** Regenerates the route reference in docs/api.md from src/contracts (`npm run api:docs`). */
import fs from "node:fs";
import path from "node:path";
import { withRouteTable } from "../src/contracts/markdown";

const file = path.join(__dirname, "..", "docs", "api.md");
const before = fs.readFileSync(file, "utf8");
const after = withRouteTable(before);
fs.writeFileSync(file, after);
console.log(before === after ? "docs/api.md is up to date" : "docs/api.md: route reference regenerated");
