#!/usr/bin/env node
// `npm test`: every test. Installs what is missing (dependencies; a Chromium: Debian's via apt
// where it can, Playwright's elsewhere), runs the unit + integration tests (Vitest) with the lint
// (ESLint + Prettier) and, if needed, the build beside them, runs the browser tests (Playwright),
// and ends with one "N passed, N failed" line.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildNeeded, ensureBrowser, ensureBuild, ensureDependencies, root } from "./lib/setup.mjs";

const started = Date.now();
ensureDependencies();
const chromium = ensureBrowser();
fs.mkdirSync(path.join(root, "test-results"), { recursive: true });
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", CHROMIUM_PATH: chromium };
const bin = (name) => path.join(root, "node_modules", ".bin", name);

/**
 * A step that runs beside Vitest, at a lower CPU priority so Vitest's timed tests keep the cores
 * they need: the lint and the build read the sources and write only their own output (.next,
 * ESLint's nothing), Vitest reads neither. Its output goes to a file, printed after Vitest's.
 */
function beside(cmd, args, log) {
  const file = path.join(root, "test-results", log);
  const fd = fs.openSync(file, "w");
  const t0 = Date.now();
  const child = spawn(cmd, args, { cwd: root, stdio: ["ignore", fd, fd], env });
  fs.closeSync(fd);
  try {
    os.setPriority(child.pid, 10);
  } catch {}
  const done = new Promise((resolve) => {
    child.on("error", (e) => resolve({ status: 1, error: e.message, ms: Date.now() - t0 }));
    child.on("close", (code) => resolve({ status: code ?? 1, ms: Date.now() - t0 }));
  });
  return async () => {
    const r = await done;
    process.stdout.write(fs.readFileSync(file, "utf8"));
    if (r.error) console.log(`  ${cmd} did not start: ${r.error}`);
    console.log(`  (took ${(r.ms / 1000).toFixed(0)} s beside Vitest)`);
    return r.status;
  };
}

// HL_TEST_SERIAL=1: the lint and the build after Vitest instead, one step at a time (to tell
// whether a timed Vitest test fails from the machine's load or from these two beside it).
const serial = process.env.HL_TEST_SERIAL === "1";
const lintNow = () =>
  Promise.resolve(spawnSync("npm", ["run", "--silent", "lint"], { cwd: root, stdio: "inherit", env }).status ?? 1);
const lintDone = serial ? lintNow : beside("npm", ["run", "--silent", "lint"], "lint.log");
const buildDone = serial || !buildNeeded() ? null : beside("npx", ["next", "build"], "build.log");

console.log(
  `▸ Unit and integration tests (Vitest${serial ? "" : "; the lint and the build run beside it, their output follows"})`,
);
const vitestJson = path.join(root, "test-results", "vitest.json");
const unit = spawnSync(
  bin("vitest"),
  ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`],
  { cwd: root, stdio: "inherit", env },
);

console.log("▸ Lint and format (npm run lint: ESLint, Prettier)");
const lint = { status: await lintDone() };
if (lint.status !== 0) console.log("  lint failed: run `npm run format` to fix formatting; the rest is listed above.");
if (serial) ensureBuild();
else if (buildDone) {
  console.log("▸ Building the dashboard (next build)");
  const status = await buildDone();
  if (status !== 0) {
    console.error(`\n✗ next build exited with ${status}: its errors are above; the browser tests need a build.`);
    process.exit(status);
  }
}
console.log(`▸ Browser tests (Playwright, ${chromium})`);
const e2e = spawnSync(bin("playwright"), ["test"], { cwd: root, stdio: "inherit", env });

function counts(file, read) {
  try {
    return read(JSON.parse(fs.readFileSync(file, "utf8")));
  } catch {
    return null;
  }
}
const u = counts(vitestJson, (j) => ({
  passed: j.numPassedTests,
  failed: j.numFailedTests + (j.numFailedTestSuites ?? 0),
  skipped: j.numPendingTests + j.numTodoTests,
}));
const b = counts(path.join(root, "test-results", "e2e.json"), (j) => ({
  passed: j.stats.expected,
  failed: j.stats.unexpected + j.stats.flaky,
  skipped: j.stats.skipped,
}));
const passed = (u?.passed ?? 0) + (b?.passed ?? 0);
// A failed lint counts as one failed check.
const failed = (u?.failed ?? 0) + (b?.failed ?? 0) + (u ? 0 : 1) + (b ? 0 : 1) + (lint.status === 0 ? 0 : 1);
const skipped = (u?.skipped ?? 0) + (b?.skipped ?? 0);
const ok = lint.status === 0 && unit.status === 0 && e2e.status === 0 && failed === 0;
console.log(
  `\nLint: ${lint.status === 0 ? "clean" : "failed"} · Vitest: ${u ? `${u.passed} passed, ${u.failed} failed` : "no report"} · Playwright: ${b ? `${b.passed} passed, ${b.failed} failed` : "no report"} · ${((Date.now() - started) / 1000).toFixed(0)} s`,
);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(ok ? 0 : 1);
