/**
 * The gate's false-positive rate and power on simulated studies (src/domain/gate/simulate.ts),
 * printed as the markdown table in docs/statistics.md. Seeded: the same table on every run.
 *
 *   npx tsx scripts/calibrate-gate.ts [--studies 500]
 */
import { parseArgs } from "node:util";
import { simulateGate, type StudySpec } from "../src/domain/gate/simulate";

const { values } = parseArgs({ options: { studies: { type: "string", default: "500" } } });
const n = Number(values.studies);
const rows: [string, StudySpec][] = [
  ["A/A, sessions share every task's pass chance", { tasks: 20, repeats: 3, icc: 0.6, carry: 1 }],
  ["A/A, each session redraws 20% of the tasks' behaviour", { tasks: 20, repeats: 3, icc: 0.6, carry: 0.8 }],
  ["A/A, each session redraws half of them", { tasks: 20, repeats: 3, icc: 0.6, carry: 0.5 }],
  ["9 of 20 tasks stop passing (shared chance)", { tasks: 20, repeats: 3, icc: 0.6, carry: 1, regressed: 9, keep: 0 }],
  [
    "9 of 20 tasks keep a fifth of their chance (shared)",
    { tasks: 20, repeats: 3, icc: 0.6, carry: 1, regressed: 9, keep: 0.2 },
  ],
  ["9 of 20 tasks stop passing (20% redrawn)", { tasks: 20, repeats: 3, icc: 0.6, carry: 0.8, regressed: 9, keep: 0 }],
  ["9 of 20 tasks stop passing (half redrawn)", { tasks: 20, repeats: 3, icc: 0.6, carry: 0.5, regressed: 9, keep: 0 }],
  ["1.4× slower build, outcomes unchanged", { tasks: 20, repeats: 3, icc: 0.6, slowdown: 1.4 }],
  ["1.05× slower build (within the 10% margin)", { tasks: 20, repeats: 3, icc: 0.6, slowdown: 1.05 }],
];
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
process.stdout.write(
  `| study (20 tasks × 3 repeats, task ICC 0.6, ${n} studies each) | gate fails | ± SE | pass-rate check alone | run-paired McNemar (assumes independent repeats) |\n|---|---:|---:|---:|---:|\n`,
);
for (const [name, spec] of rows) {
  const r = simulateGate(spec, n);
  process.stdout.write(
    `| ${name} | ${pct(r.gate)} | ${pct(r.se)} | ${pct(r.passCheck)} | ${pct(r.runPairedMcnemar)} |\n`,
  );
}
