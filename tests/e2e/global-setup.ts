import fs from "node:fs";
import path from "node:path";

/**
 * Each worker starts its own dashboard (tests/e2e/fixtures.ts); this only says once, before any
 * worker starts, that there is no build to start, rather than once per worker and spec.
 */
export default async function globalSetup() {
  if (!fs.existsSync(path.resolve(__dirname, "..", "..", ".next", "BUILD_ID")))
    throw new Error("No build found: run `npx next build` (npm test does it for you), then the browser tests again.");
}
