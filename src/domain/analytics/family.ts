import { benjaminiHochberg } from "../stats/bh";
import type { Comparison } from "./compare";

export type FamilyMode = "baseline" | "consecutive";

/**
 * The order configs are read in: the order the selected sessions listed them when they were
 * queued (an ablation lists its steps in order), first session first; configs no session lists
 * (e.g. from an import) follow in code-unit id order. Only configs with runs are kept.
 */
export function configOrder(sessionConfigLists: readonly string[][], present: readonly string[]): string[] {
  const have = new Set(present);
  const out: string[] = [];
  for (const list of sessionConfigLists) for (const c of list) if (have.has(c) && !out.includes(c)) out.push(c);
  for (const c of [...present].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0))) if (!out.includes(c)) out.push(c);
  return out;
}

/**
 * The pairs of a family of comparisons, each as [a (reference), b]: every config against the
 * baseline, or each config against the one before it. An unknown baseline falls back to the
 * first config, so a stale link still shows a table.
 */
export function familyPairs(configs: readonly string[], mode: FamilyMode, baseline?: string): [string, string][] {
  if (mode === "consecutive") return configs.slice(1).map((b, i) => [configs[i], b]);
  const base = baseline && configs.includes(baseline) ? baseline : configs[0];
  return configs.filter((c) => c !== base).map((b) => [base, b]);
}

export interface PairResult {
  a: string;
  b: string;
  /** Tasks run under both configs: the unit of every test in the row. */
  tasks: number;
  improved: number;
  degraded: number;
  unchanged: number;
  /** The sign-flip permutation test over tasks (the headline test). */
  permutationP: number;
  signTestP: number;
  /** McNemar on task-paired majority verdicts. */
  mcnemarP: number;
  /** Tasks whose majority verdict went from pass on a to fail on b, and the reverse. */
  aOnly: number;
  bOnly: number;
}

/** One pair's row of a family from its comparison (src/domain/analytics/compare.ts). */
export function pairResult(a: string, b: string, c: Comparison): PairResult {
  return {
    a,
    b,
    tasks: c.taskCount,
    improved: c.improved.length,
    degraded: c.degraded.length,
    unchanged: c.unchanged.length,
    permutationP: c.permutationP,
    signTestP: c.signTestP,
    mcnemarP: c.mcnemarP,
    aOnly: c.pairs.aOnly,
    bOnly: c.pairs.bOnly,
  };
}

export interface FamilyRow extends PairResult {
  permutationPAdjusted: number;
  signTestPAdjusted: number;
  mcnemarPAdjusted: number;
}

/**
 * Adds Benjamini–Hochberg adjusted p-values across the family, separately for each test (each is
 * its own family of m = number of pairs). Testing several pairs at 0.05 each finds a
 * "significant" difference by chance far more often than 5% of the time; the adjusted values
 * control the false discovery rate instead. Rows keep their order.
 */
export function familyTable(results: readonly PairResult[]): FamilyRow[] {
  const perm = benjaminiHochberg(results.map((r) => r.permutationP));
  const sign = benjaminiHochberg(results.map((r) => r.signTestP));
  const mc = benjaminiHochberg(results.map((r) => r.mcnemarP));
  return results.map((r, i) => ({
    ...r,
    permutationPAdjusted: perm[i],
    signTestPAdjusted: sign[i],
    mcnemarPAdjusted: mc[i],
  }));
}

/** "0.031", "<0.001": p-values for tables. */
export function formatP(p: number | null | undefined): string {
  if (p === null || p === undefined || !Number.isFinite(p)) return "–";
  return p < 0.001 ? "<0.001" : p.toFixed(3);
}
