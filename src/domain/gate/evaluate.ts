import { benjaminiHochberg } from "../stats/bh";
import { stratifiedMedianChange } from "../stats/bootstrap-median";
import { nullRejection } from "../stats/null-calibration";
import { clusterRobustSlope, slopeChangeVsMargin, type MarginVerdict } from "../stats/robust-slope";
import { permutationWords, tooFewTasks } from "../analytics/compare";
import { OUTCOMES } from "../scoring/types";
import { DEFAULT_MARGINS } from "./margins";
import { calibrationNoise } from "./noise";
import { flipped, taskCheck, taskUnits, taskValue, type TaskCheck } from "./taskChecks";
import type { GateCheck, GateFacts, GateMargins, GateReport, GateRun, NoiseThreshold } from "./types";

/** Outcome labels whose rise is a regression (every way of not finishing). */
const BAD_OUTCOMES = OUTCOMES.filter((o) => o !== "finished");

type Draft = Omit<GateCheck, "pAdjusted" | "regression"> & { task?: TaskCheck };

const pct = (k: number, n: number) => (n ? `${k}/${n} (${Math.round((100 * k) / n)}%)` : "–");
const sign = (d: number) => (d > 0 ? "+" : d < 0 ? "−" : "");
const pts = (d: number) => `${sign(d)}${Math.abs(Math.round(d * 1000) / 10)} pts`;
const rel = (d: number) => `${sign(d)}${Math.abs(Math.round(d * 1000) / 10)}%`;
const dir = (d: number): GateCheck["direction"] => (d > 0 ? "up" : d < 0 ? "down" : "same");
const label = (o: string) => o.replace(/_/g, " ");
const ms = (v: number) => `${Math.round(v).toLocaleString("en-US")} ms`;

function taskDraft(
  id: string,
  kind: GateCheck["kind"],
  name: string,
  check: TaskCheck,
  counts: { a: [number, number]; b: [number, number] },
): Draft {
  const n = check.values.length;
  const mean = n ? check.statistic / n : 0;
  const worse = check.values.filter((v) => v * check.worseSign > 0).length;
  const better = check.values.filter((v) => v * check.worseSign < 0).length;
  return {
    id,
    kind,
    label: name,
    test: `sign-flip permutation over ${n} task${n === 1 ? "" : "s"} (${check.nul.method === "exact" ? "exact" : permutationWords({ ...check.nul, tasks: check.nul.n })})`,
    baseline: pct(...counts.a),
    candidate: pct(...counts.b),
    effect: mean,
    effectText: `${pts(mean)} per task (${worse} worse, ${better} better)`,
    direction: dir(mean),
    p: check.p,
    ci: null,
    threshold: null,
    verdict: null,
    worse: check.statistic * check.worseSign > 0,
    task: check,
  };
}

function latencyDraft(id: string, name: string, test: string, v: MarginVerdict, a: string, b: string): Draft {
  return {
    id,
    kind: "latency",
    label: name,
    test,
    baseline: a,
    candidate: b,
    effect: v.change,
    effectText: `${rel(v.change)} [${rel(v.ci[0])}, ${rel(v.ci[1])}]`,
    direction: dir(v.change),
    p: v.p,
    ci: v.ci,
    threshold: v.margin,
    verdict: v.verdict,
    worse: v.change > 0,
  };
}

const thresholdOf = (margin: number, noise: number | null) => Math.max(margin, noise ?? 0);
const against = (margin: number, noise: number | null) =>
  noise !== null && noise > margin ? `A/A noise ${rel(noise).slice(1)}` : `${rel(margin).slice(1)} margin`;

function latencyDrafts(
  a: GateRun[],
  b: GateRun[],
  margins: GateMargins,
  noise: NoiseThreshold,
  alpha: number,
): Draft[] {
  const out: Draft[] = [];
  const vals = (runs: GateRun[], pick: (r: GateRun) => number | null) =>
    runs.map(pick).filter((v): v is number => v !== null && Number.isFinite(v));
  const configs = [...new Set([...a, ...b].map((r) => r.configId))].sort();
  const median = (id: string, name: string, pick: (r: GateRun) => number | null, margin: number, aa: number | null) => {
    // Per config: a config's start-up prompt sets its load, so a pooled median would jump between configs.
    const strata = configs.map((c) => ({
      a: vals(
        a.filter((r) => r.configId === c),
        pick,
      ),
      b: vals(
        b.filter((r) => r.configId === c),
        pick,
      ),
    }));
    const v = stratifiedMedianChange(strata, thresholdOf(margin, aa), { alpha });
    if (!v) return;
    const per =
      v.strata > 1 ? ` per config (${v.strata} configs; ${v.n[0]} vs ${v.n[1]} runs)` : ` (${v.n[0]} vs ${v.n[1]})`;
    const test = `median over runs${per}, bootstrap over runs, against ${against(margin, aa)}`;
    out.push(latencyDraft(id, name, test, v, ms(v.a), ms(v.b)));
  };
  median("latency.load", "Model load", (r) => r.loadMs, margins.load, noise.load);
  median("latency.turn", "Turn time (each run's mean)", (r) => r.turnMs, margins.turn, noise.turn);
  const fa = clusterRobustSlope(a.map((r) => r.turns));
  const fb = clusterRobustSlope(b.map((r) => r.turns));
  if (fa && fb) {
    const v = slopeChangeVsMargin(fa, fb, thresholdOf(margins.ttft, noise.ttft), alpha);
    if (v)
      out.push(
        latencyDraft(
          "latency.ttft_slope",
          "TTFT per prompt token",
          `least squares over turns, standard errors clustered by run (${fa.clusters} vs ${fb.clusters} runs), against ${against(margins.ttft, noise.ttft)}`,
          v,
          `${fa.slope.toFixed(2)} ms/token`,
          `${fb.slope.toFixed(2)} ms/token`,
        ),
      );
  }
  return out;
}

/** The gate's method in plain sentences (the markdown and the report say the same). */
export function gateMethod(tasks: number, familySize: number, alpha: number): string {
  return (
    `Unit: the task. Pass rate and each way of not finishing: each of the ${tasks} task${tasks === 1 ? "" : "s"} run on both sides counts once ` +
    `(the candidate's share of its runs minus the baseline's, averaged over configs), tested with the two-sided sign-flip permutation test over tasks, ` +
    `Benjamini–Hochberg across the ${familySize} checks at α ${alpha}; a check fails when the candidate is worse and its adjusted p < α. ` +
    `Latency: one value per run (model load, the run's mean turn time) with a bootstrap over runs, and the TTFT slope with standard errors clustered by run; ` +
    `a change fails only when its ${Math.round((1 - alpha) * 100)}% interval lies wholly above its margin (or the phone's measured A/A noise, if larger).`
  );
}

/**
 * The regression gate: the candidate against the baseline with the task as the unit of every
 * pass-rate and outcome check (`taskChecks.ts`: one paired value per task, the sign-flip
 * permutation test, Benjamini–Hochberg over that family) and runs as the unit of latency, each
 * latency change judged against a margin (`margins.ts`) widened to the A/A noise of declared
 * calibration sessions when that is larger (`noise.ts`). Improvements never fail the gate.
 * `calibration` is how often the pass and outcome checks would fail the gate with a and b swapped
 * at random within each task: the gate's false-positive rate on this very data.
 */
export function evaluateGate(f: GateFacts, opts: { alpha?: number; margins?: GateMargins } = {}): GateReport {
  const alpha = opts.alpha ?? 0.05;
  const margins = opts.margins ?? DEFAULT_MARGINS;
  const a = f.runs.baseline;
  const b = f.runs.candidate;
  const units = taskUnits(a, b);
  const all = units.taskIds.map((_, i) => i);
  const runCounts = (idx: number[], ind: (r: GateRun) => boolean) => {
    const cells = idx.flatMap((i) => units.cells[i]);
    const count = (side: "a" | "b"): [number, number] => [
      cells.reduce((s, c) => s + c[side].filter(ind).length, 0),
      cells.reduce((s, c) => s + c[side].length, 0),
    ];
    return { a: count("a"), b: count("b") };
  };
  const passed = (r: GateRun) => r.passed;
  const scopes = [...new Set(units.groups)].sort();
  const drafts: Draft[] = [];
  const passScope = (scope: string, idx: number[]) => {
    const check = taskCheck(
      idx,
      idx.map((i) => taskValue(units.cells[i], passed)),
      -1,
    );
    drafts.push(taskDraft(`pass.${scope}`, "pass_rate", `Pass rate, ${label(scope)}`, check, runCounts(idx, passed)));
  };
  passScope("overall", all);
  if (scopes.length > 1)
    for (const g of scopes)
      passScope(
        g,
        all.filter((i) => units.groups[i] === g),
      );
  for (const o of BAD_OUTCOMES) {
    const ends = (r: GateRun) => r.outcome === o;
    const counts = runCounts(all, ends);
    if (!counts.a[0] && !counts.b[0]) continue;
    const check = taskCheck(
      all,
      all.map((i) => taskValue(units.cells[i], ends)),
      1,
    );
    drafts.push(taskDraft(`outcome.${o}`, "outcome", `Runs ending “${label(o)}”`, check, counts));
  }
  const tested = drafts.filter((d) => d.task);
  const adjusted = benjaminiHochberg(tested.map((d) => d.p!));
  const noise = calibrationNoise(f.calibration, alpha);
  const latency = latencyDrafts(a, b, margins, noise, alpha);
  const checks: GateCheck[] = [
    ...tested.map(({ task: _task, ...d }, i) => ({
      ...d,
      pAdjusted: adjusted[i],
      regression: d.worse && adjusted[i] < alpha,
    })),
    ...latency.map(({ task: _task, ...d }) => ({ ...d, pAdjusted: null, regression: d.verdict === "regression" })),
  ];
  const regressions = checks.filter((c) => c.regression).map((c) => c.id);
  const calibration = nullRejection(
    units.taskIds.length,
    (flips) => {
      const again = tested.map((d) => flipped(d.task!, flips));
      const adj = benjaminiHochberg(again.map((x) => x.p));
      return again.some((x, i) => x.statistic * tested[i].task!.worseSign > 0 && adj[i] < alpha);
    },
    alpha,
  );
  return {
    baseline: f.baseline,
    candidate: f.candidate,
    alpha,
    familySize: tested.length,
    tasks: units.taskIds.length,
    margins,
    noise,
    calibration,
    method: gateMethod(units.taskIds.length, tested.length, alpha),
    warnings: [tooFewTasks(units.taskIds.length, alpha, 1)]
      .filter((w): w is string => w !== null)
      .map((w) => `Pass rate and outcomes: ${w.charAt(0).toLowerCase()}${w.slice(1)}`),
    regression: regressions.length > 0,
    checks,
    regressions,
  };
}
