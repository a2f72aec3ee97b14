/**
 * Screenshots of the dashboard's pages, to look at them and to illustrate the README.
 *   npx tsx scripts/screenshot.ts --url http://127.0.0.1:3000 [--out docs/screenshots] [path …]
 */
import { chromium } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args.splice(i, 2)[1] : fallback;
};
const url = opt("url", "http://127.0.0.1:3000");
const out = opt("out", "docs/screenshots");
const width = Number(opt("width", "1280"));
const full = args.includes("--full") && args.splice(args.indexOf("--full"), 1).length > 0;
const pages = args.length ? args : ["/"];

async function main() {
  fs.mkdirSync(out, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || (fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined),
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-quic",
      "--no-first-run",
    ],
  });
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  for (const p of pages) {
    await page.goto(url + p, { waitUntil: "load" });
    await page.waitForTimeout(800);
    const file = path.join(out, (p.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home") + ".png");
    await page.screenshot({ path: file, fullPage: full });
    console.log(`wrote ${file}`);
  }
  await browser.close();
}
main().catch((e) => {
  console.error(e);
  process.exit(1);
});
