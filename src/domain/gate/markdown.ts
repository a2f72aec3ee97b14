import { formatP } from "../analytics/family";
import { nullRejectionSentence } from "../stats/null-calibration";
import { marginsText } from "./margins";
import { sideText } from "./spec";
import type { GateCheck, GateReport, NoiseThreshold } from "./types";

const arrow = (c: GateCheck) => (c.direction === "up" ? "↑" : c.direction === "down" ? "↓" : "→");
const VERDICT_WORDS = {
  regression: "❌ regression",
  within_margin: "real, within margin",
  no_change: "no evidence of change",
  faster: "faster",
} as const;
const verdict = (c: GateCheck) =>
  c.regression
    ? "❌ regression"
    : c.verdict
      ? VERDICT_WORDS[c.verdict]
      : c.worse
        ? "worse, not significant"
        : c.direction === "same"
          ? "same"
          : "ok";
/** "= 0.031" or "< 0.001", to follow a "p". */
const pIs = (p: number | null) => (formatP(p).startsWith("<") ? `< ${formatP(p).slice(1)}` : `= ${formatP(p)}`);
const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\r?\n/g, " ");
const p1 = (x: number) => `${Math.round(x * 1000) / 10}%`;

/** Where the latency thresholds came from, in one sentence. */
export function noiseSentence(n: NoiseThreshold): string {
  if (n.source === "none")
    return "A/A noise: no declared calibration session of this build, config and phone model, so the margins alone are used (queue one from New session: “A/A calibration”).";
  const parts = [
    n.load === null ? null : `load ${p1(n.load)}`,
    n.turn === null ? null : `turn ${p1(n.turn)}`,
    n.ttft === null ? null : `TTFT slope ${p1(n.ttft)}`,
  ].filter(Boolean);
  return (
    `A/A noise from ${n.sessions.length} declared calibration session${n.sessions.length === 1 ? "" : "s"} (${n.sessions.map((s) => `\`${s}\``).join(", ")}): ${parts.join(", ") || "no latency to measure"}; ` +
    `a threshold is the larger of its margin and this noise. The pass-rate test rejected ${n.aaRejected} of ${n.aaCompared} declared A/A comparison${n.aaCompared === 1 ? "" : "s"}.`
  );
}

/**
 * The gate's answer as GitHub-flavoured markdown, ready to paste into a pull request comment:
 * a headline, the method in plain words, margins and A/A noise, the gate's own false-positive
 * rate on this data, a table of every check, the regressions named, and a link to the compare page.
 */
export function gateMarkdown(r: GateReport, compareUrl: string, plan: string | null = null): string {
  const head = r.regression
    ? `### ❌ Harness Lab gate: ${r.regressions.length} significant regression${r.regressions.length === 1 ? "" : "s"}`
    : "### ✅ Harness Lab gate: no significant regression";
  const lines = [
    head,
    "",
    `Candidate \`${sideText(r.candidate)}\` against baseline \`${sideText(r.baseline)}\`. ${r.method}`,
    "",
    // Issue 36.3: the pre-registered plan and whether this comparison is it or exploratory.
    ...(plan ? [`> ${plan}`, ""] : []),
    ...r.warnings.flatMap((w) => [`> ⚠️ ${w}`, ""]),
    `Margins: ${marginsText(r.margins)}. ${noiseSentence(r.noise)}`,
    "",
    `Calibration: ${nullRejectionSentence(r.calibration, "the gate (its pass-rate and outcome checks)")}`,
    "",
    "| Check | Test | Baseline | Candidate | Change | p | p (BH) | |",
    "|---|---|---:|---:|---|---:|---:|---|",
    ...r.checks.map(
      (c) =>
        `| ${cell(c.label)} | ${cell(c.test)} | ${cell(c.baseline)} | ${cell(c.candidate)} | ${arrow(c)} ${cell(c.effectText)} | ${formatP(c.p)} | ${formatP(c.pAdjusted)} | ${verdict(c)} |`,
    ),
    "",
  ];
  const bad = r.checks.filter((c) => c.regression);
  if (bad.length) {
    lines.push("**Regressions:**", "");
    for (const c of bad)
      lines.push(
        c.pAdjusted === null
          ? `- ${c.label} (${c.test}): ${c.effectText}, wholly above its ${p1(c.threshold ?? 0)} threshold`
          : `- ${c.label} (${c.test}): ${c.effectText}, p ${pIs(c.p)}, BH-adjusted p ${pIs(c.pAdjusted)}`,
      );
    lines.push("");
  }
  lines.push(`[Open the comparison in Harness Lab](${compareUrl})`, "");
  return lines.join("\n");
}
