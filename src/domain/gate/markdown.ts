import { formatP } from "../analytics/family";
import { MIN_NOISE } from "./evaluate";
import { sideText } from "./spec";
import type { GateCheck, GateReport } from "./types";

const arrow = (c: GateCheck) => (c.direction === "up" ? "↑" : c.direction === "down" ? "↓" : "→");
const verdict = (c: GateCheck) =>
  c.regression ? "❌ regression" : c.worse ? "worse, not significant" : c.direction === "same" ? "same" : "ok";
/** "= 0.031" or "< 0.001", to follow a "p". */
const pIs = (p: number | null) => (formatP(p).startsWith("<") ? `< ${formatP(p).slice(1)}` : `= ${formatP(p)}`);
const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\r?\n/g, " ");

/**
 * The gate's answer as GitHub-flavoured markdown, ready to paste into a pull request comment:
 * a headline, a table of every check (arrows for the candidate's direction, raw and BH p), the
 * regressions named with their p-value and effect, and a link to the compare page.
 */
export function gateMarkdown(r: GateReport, compareUrl: string): string {
  const head = r.regression
    ? `### ❌ Harness Lab gate: ${r.regressions.length} significant regression${r.regressions.length === 1 ? "" : "s"}`
    : "### ✅ Harness Lab gate: no significant regression";
  const lines = [
    head,
    "",
    `Candidate \`${sideText(r.candidate)}\` against baseline \`${sideText(r.baseline)}\`; α = ${r.alpha}, Benjamini–Hochberg across ${r.familySize} tests; ` +
      `latency noise ${(r.noise.loadMs * 100).toFixed(1)}% load, ${(r.noise.turnMs * 100).toFixed(1)}% turn (at least ${MIN_NOISE * 100}%; ${r.noise.source === "aa" ? `from ${r.noise.sessions.length} A/A session${r.noise.sessions.length === 1 ? "" : "s"}` : "default: no A/A sessions"}).`,
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
        `- ${c.label} (${c.test}): ${c.effectText}${c.pAdjusted === null ? "" : `, p ${pIs(c.p)}, BH-adjusted p ${pIs(c.pAdjusted)}`}`,
      );
    lines.push("");
  }
  lines.push(`[Open the comparison in Harness Lab](${compareUrl})`, "");
  return lines.join("\n");
}
