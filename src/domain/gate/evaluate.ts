import { compareSides } from "../analytics/compare";
import { benjaminiHochberg } from "../stats/bh";
import { mcnemarExact } from "../stats/mcnemar";
import { slopeDifference } from "../stats/slope-compare";
import { OUTCOMES, type Outcome } from "../scoring/types";
import type { GateCheck, GateFacts, GateReport } from "./types";

/** The relative change of a median taken as noise when no A/A sessions exist: 10%. */
export const DEFAULT_NOISE = 0.1;
/**
 * The smallest noise threshold used even when A/A sessions agree more closely (2%): identical
 * medians in two sessions say the timings were replayed, not that a 1% slip is a regression.
 */
export const MIN_NOISE = 0.02;
/** Outcome labels whose rise is a regression (every way of not finishing). */
const BAD_OUTCOMES = OUTCOMES.filter((o) => o !== "finished");

type Draft = Omit<GateCheck, "pAdjusted" | "regression">;

const pct = (k: number, n: number) => (n ? `${k}/${n} (${Math.round((100 * k) / n)}%)` : "–");
const pts = (d: number) => `${d > 0 ? "+" : d < 0 ? "−" : ""}${Math.abs(Math.round(d * 1000) / 10)} pts`;
const dir = (d: number): Draft["direction"] => (d > 0 ? "up" : d < 0 ? "down" : "same");
const label = (o: string) => o.replace(/_/g, " ");

/** Pass rate of one scope: McNemar over paired runs and the sign test over tasks. */
function passChecks(f: GateFacts["scopes"][number]): Draft[] {
  const c = compareSides(f.tasks, f.pairs);
  const paired = f.pairs.both + f.pairs.aOnly + f.pairs.bOnly + f.pairs.neither;
  const aPass = f.pairs.both + f.pairs.aOnly;
  const bPass = f.pairs.both + f.pairs.bOnly;
  const d = paired ? (bPass - aPass) / paired : 0;
  const name = f.scope === "overall" ? "overall" : label(f.scope);
  const moved = c.improved.length - c.degraded.length;
  return [
    {
      id: `pass.${f.scope}.mcnemar`,
      kind: "pass_rate",
      label: `Pass rate, ${name}`,
      test: "exact McNemar, paired runs",
      baseline: pct(aPass, paired),
      candidate: pct(bPass, paired),
      effect: d,
      effectText: pts(d),
      direction: dir(d),
      p: mcnemarExact(f.pairs.aOnly, f.pairs.bOnly),
      worse: f.pairs.bOnly < f.pairs.aOnly,
    },
    {
      id: `pass.${f.scope}.sign`,
      kind: "pass_rate",
      label: `Pass rate, ${name}`,
      test: "exact sign test, tasks",
      baseline: `better on ${c.degraded.length}`,
      candidate: `better on ${c.improved.length}`,
      effect: moved,
      effectText: `${c.degraded.length} worse, ${c.improved.length} better, ${c.unchanged.length} same`,
      direction: dir(moved),
      p: c.signTestP,
      worse: c.degraded.length > c.improved.length,
    },
  ];
}

/** One outcome's share of paired runs: McNemar on runs that gained it vs runs that lost it. */
function outcomeCheck(t: GateFacts["transitions"], o: Outcome): Draft | null {
  const a = t.rowTotals[o];
  const b = t.columnTotals[o];
  if (!a && !b) return null;
  const lost = a - t.counts[o][o];
  const gained = b - t.counts[o][o];
  const d = t.total ? (b - a) / t.total : 0;
  return {
    id: `outcome.${o}`,
    kind: "outcome",
    label: `Runs ending “${label(o)}”`,
    test: "exact McNemar, paired runs",
    baseline: pct(a, t.total),
    candidate: pct(b, t.total),
    effect: d,
    effectText: pts(d),
    direction: dir(d),
    p: mcnemarExact(lost, gained),
    worse: gained > lost,
  };
}

function latencyChecks(l: GateFacts["latency"]): Draft[] {
  const out: Draft[] = [];
  if (l.baseline.ttft && l.candidate.ttft) {
    const s = slopeDifference(l.baseline.ttft, l.candidate.ttft);
    if (s) {
      out.push({
        id: "latency.ttft_slope",
        kind: "latency",
        label: "TTFT per prompt token",
        test: "t test on the slope difference",
        baseline: `${l.baseline.ttft.slope.toFixed(2)} ms/token`,
        candidate: `${l.candidate.ttft.slope.toFixed(2)} ms/token`,
        effect: s.diff,
        effectText: `${s.diff > 0 ? "+" : s.diff < 0 ? "−" : ""}${Math.abs(s.diff).toFixed(2)} ms/token`,
        direction: dir(s.diff),
        p: s.p,
        worse: s.diff > 0,
      });
    }
  }
  const median = (id: string, name: string, a: number | null, b: number | null, noise: number) => {
    if (a === null || b === null || !(a > 0)) return;
    const rel = b / a - 1;
    out.push({
      id,
      kind: "latency",
      label: name,
      test: `median, against ±${Math.round(noise * 100)}% noise (${l.noise.source === "aa" ? "A/A sessions" : "default"})`,
      baseline: `${Math.round(a)} ms`,
      candidate: `${Math.round(b)} ms`,
      effect: rel,
      effectText: `${rel > 0 ? "+" : rel < 0 ? "−" : ""}${Math.abs(Math.round(rel * 1000) / 10)}%`,
      direction: dir(rel),
      p: null,
      worse: rel > noise,
    });
  };
  median(
    "latency.load",
    "Median model load",
    l.baseline.medianLoadMs,
    l.candidate.medianLoadMs,
    Math.max(MIN_NOISE, l.noise.loadMs),
  );
  median(
    "latency.turn",
    "Median turn time",
    l.baseline.medianTurnMs,
    l.candidate.medianTurnMs,
    Math.max(MIN_NOISE, l.noise.turnMs),
  );
  return out;
}

/**
 * The regression gate: the candidate against the baseline on pass rate (overall and per task
 * group: exact McNemar over paired runs and the exact sign test over tasks), on the share of
 * runs ending each way other than finished (exact McNemar on runs that gained vs lost the
 * outcome), on the TTFT slope (t test on the slope difference), and on median load and turn
 * time (relative change against a noise threshold from A/A sessions, at least `MIN_NOISE`, else
 * `DEFAULT_NOISE`).
 *
 * Every check with a p-value is one family, adjusted by Benjamini–Hochberg (1995); a check is a
 * regression when the candidate is worse in its direction and its adjusted p < α. A median is a
 * regression when it rose by more than the noise threshold. Improvements never fail the gate.
 */
export function evaluateGate(f: GateFacts, alpha = 0.05): GateReport {
  const drafts: Draft[] = [
    ...f.scopes.flatMap(passChecks),
    ...BAD_OUTCOMES.map((o) => outcomeCheck(f.transitions, o)).filter((c): c is Draft => c !== null),
    ...latencyChecks(f.latency),
  ];
  const tested = drafts.map((d, i) => [d, i] as const).filter(([d]) => d.p !== null);
  const adjusted = benjaminiHochberg(tested.map(([d]) => d.p!));
  const adj = new Map(tested.map(([, i], j) => [i, adjusted[j]]));
  const checks: GateCheck[] = drafts.map((d, i) => {
    const pAdjusted = adj.get(i) ?? null;
    const regression = pAdjusted === null ? d.worse : d.worse && pAdjusted < alpha;
    return { ...d, pAdjusted, regression };
  });
  const regressions = checks.filter((c) => c.regression).map((c) => c.id);
  return {
    baseline: f.baseline,
    candidate: f.candidate,
    alpha,
    familySize: tested.length,
    noise: f.latency.noise,
    regression: regressions.length > 0,
    checks,
    regressions,
  };
}
