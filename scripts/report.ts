/**
 * `npm run report -- --url URL --session ID [--session ID …] --out DIR [--include-trial] [--include-superseded]`
 * saves the study report of those sessions (every analytics page with its figures, the methods
 * paragraph, a trace page per failing run) as a folder that opens from file:// with no server,
 * and DIR/report.zip. Drives a headless Chromium through the running dashboard (ADR 8).
 */
import path from "node:path";
import { buildReport } from "../src/server/report/buildReport";
import { writeReport } from "../src/server/report/packReport";
import { ServiceError } from "../src/server/errors";

const args = process.argv.slice(2);
const many = (flag: string) => args.flatMap((a, i) => (a === flag && args[i + 1] ? [args[i + 1]] : []));

async function main() {
  const url = many("--url")[0];
  const sessions = many("--session");
  const out = many("--out")[0];
  if (!url || !sessions.length || !out) {
    console.error(
      "Usage: npm run report -- --url http://127.0.0.1:3000 --session ID [--session ID …] --out DIR (the dashboard must be running at URL).",
    );
    process.exit(2);
  }
  const q = new URLSearchParams();
  for (const s of sessions) q.append("session", s);
  if (args.includes("--include-trial")) q.set("includeTrial", "true");
  if (args.includes("--include-superseded")) q.set("includeSuperseded", "true");
  const started = Date.now();
  const files = await buildReport({ base: url, query: q.toString(), log: (l) => console.error(`  ${l}`) });
  const dir = path.resolve(out);
  const size = writeReport(files, dir);
  const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
  console.log(
    `wrote ${size.files} files (${mb(size.bytes)} MB; report.zip ${mb(size.zipBytes)} MB) to ${dir} in ${((Date.now() - started) / 1000).toFixed(0)} s: open ${path.join(dir, "index.html")}`,
  );
}

main().catch((err) => {
  console.error(err instanceof ServiceError || err instanceof Error ? err.message : String(err));
  process.exit(1);
});
