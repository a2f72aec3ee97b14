/**
 * `npm run suite:check [-- suites/phone-20.json …]`: validates suites and runs every fixture
 * (deliberately right and wrong end states) through the checks. Exits 1 on any problem; warnings
 * (what the fixtures cannot show, e.g. a milestone on calls no right fixture lists) are printed, exit 0.
 */
import fs from "node:fs";
import path from "node:path";
import { validateSuite } from "../src/domain/suite-validation/validate";
import { runFixtures } from "../src/domain/suite-validation/fixtures";

const files = process.argv.slice(2).filter((a) => !a.startsWith("-"));
const targets = files.length
  ? files
  : fs
      .readdirSync("suites")
      .filter((f) => f.endsWith(".json"))
      .map((f) => path.join("suites", f));
let failed = false;

for (const file of targets) {
  let doc: unknown;
  try {
    doc = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (err) {
    console.error(`✗ ${file}: not readable JSON (${(err as Error).message})`);
    failed = true;
    continue;
  }
  const result = validateSuite(doc);
  for (const w of result.warnings) console.warn(`  ⚠ ${w.path}: ${w.message}`);
  if (!result.ok) {
    failed = true;
    console.error(`✗ ${file}: ${result.problems.length} problem(s)`);
    for (const p of result.problems) console.error(`  ${p.path}: ${p.message}`);
    continue;
  }
  const verdicts = runFixtures(result.suite);
  const wrong = verdicts.filter((v) => !v.ok);
  for (const v of verdicts) {
    const mark = v.ok ? "✓" : "✗";
    const why = v.ok
      ? ""
      : `  (${v.checks
          .filter((c) => c.passed !== (v.expect === "pass"))
          .map((c) => c.reason)
          .join("; ")})`;
    console.log(`  ${mark} ${v.taskId} · ${v.fixture}: expected ${v.expect}, got ${v.got}${why}`);
  }
  if (wrong.length) failed = true;
  const warned = result.warnings.length
    ? `, ${result.warnings.length} warning${result.warnings.length === 1 ? "" : "s"}`
    : "";
  console.log(
    `${wrong.length ? "✗" : "✓"} ${file}: ${result.suite.id} v${result.suite.version}, ${result.suite.tasks.length} tasks, ${verdicts.length} fixtures, ${wrong.length} judged wrongly${warned}`,
  );
}
process.exit(failed ? 1 : 0);
