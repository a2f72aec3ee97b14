import fs from "node:fs";
import path from "node:path";
import type { Suite } from "@/domain/suite/schema";

/** A fresh, mutable copy of the mini test suite. */
export function miniSuite(): Suite {
  return JSON.parse(fs.readFileSync(path.join(__dirname, "..", "fixtures", "suites", "mini.json"), "utf8")) as Suite;
}
