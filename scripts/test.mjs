#!/usr/bin/env node
// `npm test`: every test. Installs what is missing (dependencies; a Chromium: Debian's via apt
// where it can, Playwright's elsewhere), runs the lint (ESLint + Prettier) and, if needed, the
// build together, then the unit + integration tests (Vitest), then the browser tests
// (Playwright), and ends with one "N passed, N failed" line.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { buildNeeded, ensureBrowser, ensureDependencies, root } from "./lib/setup.mjs";

const started = Date.now();
await ensureDependencies();
const chromium = ensureBrowser();
fs.mkdirSync(path.join(root, "test-results"), { recursive: true });
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", CHROMIUM_PATH: chromium };
const bin = (name) => path.join(root, "node_modules", ".bin", name);

/**
 * A step that runs beside the other one started with it. Its output goes to a file, printed once
 * it has ended, so two steps' lines never interleave.
 */
function beside(cmd, args, log) {
  const file = path.join(root, "test-results", log);
  const fd = fs.openSync(file, "w");
  const t0 = Date.now();
  const child = spawn(cmd, args, { cwd: root, stdio: ["ignore", fd, fd], env });
  fs.closeSync(fd);
  return new Promise((resolve) => {
    const end = (status, error) => {
      process.stdout.write(fs.readFileSync(file, "utf8"));
      if (error) console.log(`  ${cmd} did not start: ${error}`);
      console.log(`  (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
      resolve(status);
    };
    child.on("error", (e) => end(1, e.message));
    child.on("close", (code) => end(code ?? 1));
  });
}

// The lint and the build first, together (they read the sources and write only their own
// output: .next, ESLint's nothing), then Vitest with both cores to itself, so its timed tests
// never share them. Beside Vitest at a lower priority they lengthened it by ~100 s (issue 18);
// together before it they take about a minute. HL_TEST_SERIAL=1: one step at a time.
const serial = process.env.HL_TEST_SERIAL === "1";
const needBuild = buildNeeded();
console.log(`▸ Lint and format (npm run lint: ESLint, Prettier)${needBuild ? " and the build (next build)" : ""}`);
let lintStatus;
let buildStatus = 0;
if (serial) {
  lintStatus = spawnSync("npm", ["run", "--silent", "lint"], { cwd: root, stdio: "inherit", env }).status ?? 1;
  if (needBuild) buildStatus = spawnSync("npx", ["next", "build"], { cwd: root, stdio: "inherit", env }).status ?? 1;
} else {
  const build = needBuild ? beside("npx", ["next", "build"], "build.log") : Promise.resolve(0);
  lintStatus = await beside("npm", ["run", "--silent", "lint"], "lint.log");
  buildStatus = await build;
}
if (lintStatus !== 0) console.log("  lint failed: run `npm run format` to fix formatting; the rest is listed above.");

console.log("▸ Unit and integration tests (Vitest)");
const vitestJson = path.join(root, "test-results", "vitest.json");
const unit = spawnSync(
  bin("vitest"),
  ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`],
  { cwd: root, stdio: "inherit", env },
);
if (buildStatus !== 0) {
  console.error(`\n✗ next build exited with ${buildStatus}: its errors are above; the browser tests need a build.`);
  process.exit(buildStatus);
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
// What failed, by name, printed last: CI keeps only the end of the output, where the runners'
// own failure reports have long scrolled past. A file that failed with no failed test (it did not
// load, or a hook threw) counts once; Vitest's numFailedTestSuites also counts every describe
// around a failed test, so one failed test read as three. (Vitest's JSON gives a timeout as
// "STACK_TRACE_ERROR": the time beside it tells.)
const firstLine = (m) =>
  String(m ?? "")
    .split("\n")
    .find((l) => l.trim()) ?? "";
// A test skipped for something this machine lacks (a Python with pandas) carries its reason in
// its meta (tests/support/python.ts); each file's reason is listed once, beside the totals.
const u = counts(vitestJson, (j) => {
  const failures = [];
  const missing = new Map();
  for (const f of j.testResults) {
    const file = path.relative(root, f.name);
    for (const t of f.assertionResults)
      if (t.status !== "passed" && t.status !== "failed" && t.meta?.skipReason) {
        const key = `${file}: ${t.meta.skipReason}`;
        missing.set(key, (missing.get(key) ?? 0) + 1);
      }
    const bad = f.assertionResults.filter((t) => t.status === "failed");
    for (const t of bad)
      failures.push(
        `${file} › ${t.fullName} (${Math.round(t.duration ?? 0)} ms): ${firstLine(t.failureMessages?.[0])}`,
      );
    if (f.status === "failed" && !bad.length) failures.push(`${file}: ${firstLine(f.message)}`);
  }
  return {
    passed: j.numPassedTests,
    failed: failures.length,
    skipped: j.numPendingTests + j.numTodoTests,
    failures,
    missing: [...missing].map(([key, n]) => `${key} (${n} skipped)`),
  };
});
const b = counts(path.join(root, "test-results", "e2e.json"), (j) => {
  const failures = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (t.status === "unexpected" || t.status === "flaky") {
          const err = t.results?.find((r) => r.error)?.error?.message;
          failures.push(`${spec.file}:${spec.line} › ${spec.title} (${t.status}): ${firstLine(err)}`);
        }
    for (const s of suite.suites ?? []) walk(s);
  };
  for (const s of j.suites ?? []) walk(s);
  return {
    passed: j.stats.expected,
    failed: j.stats.unexpected + j.stats.flaky,
    skipped: j.stats.skipped,
    failures,
  };
});
const failures = [...(u?.failures ?? []), ...(b?.failures ?? [])];
if (failures.length) {
  console.log(`\nFailed (${failures.length}):`);
  // eslint-disable-next-line no-control-regex
  for (const f of failures) console.log(`  ✗ ${f.replace(/\u001b\[[0-9;]*m/g, "").slice(0, 300)}`);
}
const passed = (u?.passed ?? 0) + (b?.passed ?? 0);
// A failed lint counts as one failed check.
const failed = (u?.failed ?? 0) + (b?.failed ?? 0) + (u ? 0 : 1) + (b ? 0 : 1) + (lintStatus === 0 ? 0 : 1);
const skipped = (u?.skipped ?? 0) + (b?.skipped ?? 0);
const ok = lintStatus === 0 && unit.status === 0 && e2e.status === 0 && failed === 0;
console.log(
  `\nLint: ${lintStatus === 0 ? "clean" : "failed"} · Vitest: ${u ? `${u.passed} passed, ${u.failed} failed` : "no report"} · Playwright: ${b ? `${b.passed} passed, ${b.failed} failed` : "no report"} · ${((Date.now() - started) / 1000).toFixed(0)} s`,
);
if (u?.missing.length) {
  console.log(`\nSkipped for something missing on this machine (${u.missing.length}):`);
  for (const m of u.missing) console.log(`  – ${m}`);
}
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(ok ? 0 : 1);
