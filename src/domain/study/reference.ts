import { integer as n } from "../stats/format";

/**
 * The study's own figures, where the dashboard shows them beside a measurement: one cited place,
 * so a page never carries a number of its own. Source: "Harness Engineering for On-Device Agents"
 * (/work/shared/seeds/000_5fad89cc8ffd7ebf.txt): the abstract (5.2 s per 1,000 prompt tokens,
 * R² = 1.000; 1,351 → 300 start-up tokens), §4 with Table 5 (load 7.8 s and 2.2 s) and §5 "On-device
 * cost is predictable" (1,051 tokens predict 5.5 s; measured 5.6 s).
 */
export const STUDY = {
  title: "Harness Engineering for On-Device Agents",
  /** Time to first token per prompt token on the iPhone 15 Pro (5.2 s per 1,000 tokens). */
  ttftMsPerToken: 5.2,
  r2: 1.0,
  /** §5's check of the line: file tools with planning against one bash tool without planning (Table 5). */
  loadContrast: {
    a: { label: "file tools with planning", startupTokens: 1351, loadMs: 7800 },
    b: { label: "one bash tool", startupTokens: 300, loadMs: 2200 },
    tokenDiff: 1051,
    predictedDiffMs: 5500,
    measuredDiffMs: 5600,
  },
} as const;

/** The study's load contrast as one sentence, for beside the dashboard's own. */
export function studyContrastSentence(): string {
  const c = STUDY.loadContrast;
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  return `The study: ${c.a.label} (${n(c.a.startupTokens)} tokens) vs ${c.b.label} (${n(c.b.startupTokens)}): ${n(c.tokenDiff)} tokens predicted ${s(c.predictedDiffMs)}, measured ${s(c.measuredDiffMs)}.`;
}
