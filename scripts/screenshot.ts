/**
 * Screenshots of the dashboard's pages, to look at them and to illustrate the README.
 *   npx tsx scripts/screenshot.ts --url http://127.0.0.1:3000 [--out docs/screenshots] [path …]
 *   --sizes 1440x900,1024x768 shoots each page at each size (files end in -1440.png, -1024.png);
 *   --width 1280 (the default) shoots one size, 900 px high, with unsuffixed file names.
 */
import { chromium } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";

const args = process.argv.slice(2);
if (args.includes("--help") || args.includes("-h")) {
  console.log(
    "npx tsx scripts/screenshot.ts --url http://127.0.0.1:3000 [--out docs/screenshots] [--sizes 1440x900,1024x768 | --width 1280] [--full] [path …]",
  );
  process.exit(0);
}
const opt = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args.splice(i, 2)[1] : fallback;
};
const url = opt("url", "http://127.0.0.1:3000");
const out = opt("out", "docs/screenshots");
const width = Number(opt("width", "1280"));
const sizes = opt("sizes", "")
  .split(",")
  .filter(Boolean)
  .map((s) => s.split("x").map(Number) as [number, number]);
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
  for (const [w, h] of sizes.length ? sizes : [[width, 900]]) {
    const page = await browser.newPage({ viewport: { width: w, height: h } });
    for (const p of pages) {
      await page.goto(url + p, { waitUntil: "networkidle" });
      const name = p.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home";
      const file = path.join(out, `${name}${sizes.length ? `-${w}` : ""}.png`);
      await page.screenshot({ path: file, fullPage: full });
      console.log(`wrote ${file}`);
    }
    await page.close();
  }
  await browser.close();
}
main().catch((e) => {
  console.error(e);
  process.exit(1);
});
