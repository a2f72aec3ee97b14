import fs from "node:fs";
import { chromium, type Browser } from "playwright-core";
import { ServiceError } from "../errors";

// Same flags as the browser tests (DESIGN.md): no sandbox as root, nothing that phones home.
const ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
];

/** `$CHROMIUM_PATH`, Debian's chromium, or a browser Playwright installed; null when none is there. */
export function findChromium(
  env: Record<string, string | undefined> = process.env,
  exists: (path: string) => boolean = fs.existsSync,
): string | null {
  const candidates = [env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  try {
    candidates.push(chromium.executablePath());
  } catch {
    // Playwright has no browser of its own here; the others may still exist.
  }
  return candidates.find((p): p is string => !!p && exists(p)) ?? null;
}

/** A headless Chromium for the report, or a sentence saying how to get one. */
export async function launchChromium(path: string | null = findChromium()): Promise<Browser> {
  if (!path) {
    throw new ServiceError(
      "unavailable",
      "The study report is drawn by a headless Chromium and none was found: install one (`apt-get install chromium`, or `npx playwright install chromium`) or set CHROMIUM_PATH to its executable, then try again.",
    );
  }
  try {
    return await chromium.launch({ executablePath: path, headless: true, args: ARGS });
  } catch (err) {
    throw new ServiceError(
      "unavailable",
      `Chromium at ${path} did not start (${err instanceof Error ? err.message.split("\n")[0] : String(err)}); set CHROMIUM_PATH to a working Chromium and try again.`,
    );
  }
}
