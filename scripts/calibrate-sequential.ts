/**
 * The anytime-valid comparison's error rates, power and runs on simulated studies
 * (src/domain/stats/sequential-simulate.ts), printed as the markdown table in docs/statistics.md.
 * Seeded (seeds 1…n): the same table on every run.
 *
 *   npx tsx scripts/calibrate-sequential.ts [--studies 2000] [--alpha 0.05]
 */
import { parseArgs } from "node:util";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import { AnytimeMonitor } from "../src/domain/stats/confidence-sequence";
import { uniform } from "../src/domain/stats/random";
import { simulateSequential, type SequentialStudySpec } from "../src/domain/stats/sequential-simulate";

const { values } = parseArgs({
  options: { studies: { type: "string", default: "2000" }, alpha: { type: "string", default: "0.05" } },
});
const n = Number(values.studies);
const alpha = Number(values.alpha);
const base = { minRepeats: 1, maxRepeats: 3, icc: 0.6 };
const rows: [string, SequentialStudySpec][] = [
  ["A/A, 20 tasks, a and b share each task's pass chance", { ...base, tasks: 20, carry: 1 }],
  ["A/A, 20 tasks, half the tasks' behaviour drawn anew per config", { ...base, tasks: 20, carry: 0.5 }],
  ["A/A, 20 tasks, every task's behaviour drawn anew per config", { ...base, tasks: 20, carry: 0 }],
  ["A/A, 60 tasks, every task's behaviour drawn anew per config", { ...base, tasks: 60, carry: 0 }],
  ["9 of 20 tasks stop passing on b", { ...base, tasks: 20, regressed: 9 }],
  ["9 of 20 tasks stop passing on b, bet cap c = ½", { ...base, tasks: 20, regressed: 9, truncation: 0.5 }],
  ["9 of 20 tasks stop passing on b, bet cap c = 0.9", { ...base, tasks: 20, regressed: 9, truncation: 0.9 }],
  ["6 of 20 tasks stop passing on b", { ...base, tasks: 20, regressed: 6 }],
  ["9 of 20 tasks keep a fifth of their chance on b", { ...base, tasks: 20, regressed: 9, keep: 0.2 }],
  ["15 of 60 tasks stop passing on b", { ...base, tasks: 60, regressed: 15 }],
];
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
process.stdout.write(
  `| study (1–3 repeats, task ICC 0.6, α ${alpha}, ${n} studies each) | sequential decides (± SE) | naive "stop at p < α" (± SE) | fixed design | runs: sequential / fixed | tasks used | where fixed decided: sequential agrees, its runs (saved) |\n|---|---:|---:|---:|---:|---:|---:|\n`,
);
for (const [name, spec] of rows) {
  const t0 = Date.now();
  const r = simulateSequential(spec, n, alpha);
  const saved = r.agreeing.sequentialRuns ? 1 - r.agreeing.sequentialRuns / r.agreeing.fixedRuns : 0;
  const agree =
    spec.regressed && r.agreeing.studies
      ? `${pct(r.agreeing.share)}, ${r.agreeing.sequentialRuns.toFixed(0)} (${pct(saved)})`
      : "–";
  process.stdout.write(
    `| ${name} | ${pct(r.sequential.decided)} ± ${pct(r.sequential.se)} | ${pct(r.naive.decided)} ± ${pct(r.naive.se)} | ${pct(r.fixed.decided)} | ${r.sequential.runs.toFixed(1)} / ${r.agreeing.fixedRuns} | ${r.sequential.tasks.toFixed(1)} of ${spec.tasks} | ${agree} |\n`,
  );
  process.stderr.write(`${name}: ${Date.now() - t0} ms\n`);
}

// Coverage of the interval itself: 1,000 sequences of 200 tasks whose d takes the values of 3
// repeats per side (mean 0.22); a sequence counts once if the interval missed the mean at any look.
const dValues = [-1, -2 / 3, -1 / 3, 0, 1 / 3, 2 / 3, 1];
const weights = [0.04, 0.04, 0.08, 0.4, 0.14, 0.1, 0.2];
const mean = dValues.reduce((s, v, i) => s + v * weights[i], 0);
for (const a of [0.05, 0.1]) {
  const g = xoroshiro128plus(3601);
  const draw = () => {
    let u = uniform(g);
    for (let i = 0; i < dValues.length; i++) if ((u -= weights[i]) < 0) return dValues[i];
    return dValues[dValues.length - 1];
  };
  let missed = 0;
  for (let s = 0; s < 1000; s++) {
    const mon = new AnytimeMonitor(a);
    let out = false;
    for (let t = 0; t < 200; t++) {
      mon.push(draw());
      const r = mon.interval();
      if (r.lo > mean || r.hi < mean) out = true;
    }
    if (out) missed++;
  }
  process.stdout.write(
    `\nα ${a}: the interval missed the mean at some look of 200 in ${pct(missed / 1000)} of 1,000 sequences`,
  );
}
process.stdout.write("\n");
