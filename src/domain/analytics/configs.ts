import { wilson } from "../stats/wilson";

/** Counts per config, as the database aggregates them. */
export interface ConfigFacts {
  configId: string;
  runs: number;
  passed: number;
  looping: number;
  contextFull: number;
  toolCalls: number;
  failedToolCalls: number;
  peakContextTokens: number;
  medianStartupTokens: number | null;
  medianLoadMs: number | null;
  medianTtftMs: number | null;
  medianTurnMs: number | null;
}
export interface GroupFacts { configId: string; group: string; runs: number; passed: number }
export interface OutcomeFacts { configId: string; outcome: string; n: number }

export interface PassCount { runs: number; passed: number; wilson: [number, number] | null }

export interface ConfigSummary extends Omit<ConfigFacts, "contextFull" | "medianStartupTokens"> {
  passRate: number | null;
  wilson: [number, number] | null;
  byGroup: Record<string, PassCount>;
  heldOut: PassCount;
  outcomes: Record<string, number>;
  contextFull: number;
  medianStartupTokens: number | null;
}

const passCount = (runs: number, passed: number): PassCount => ({ runs, passed, wilson: wilson(passed, runs) });

/**
 * The config comparison rows of `/api/analytics/configs` (protocol.md §5): pass rate = passed/runs
 * with its Wilson 95% interval, per task group and for held-out tasks, outcome counts; configs in
 * id order (plain code-unit order).
 */
export function summariseConfigs(facts: ConfigFacts[], groups: GroupFacts[], heldOut: { configId: string; runs: number; passed: number }[], outcomes: OutcomeFacts[]): ConfigSummary[] {
  return [...facts]
    .sort((a, b) => (a.configId < b.configId ? -1 : a.configId > b.configId ? 1 : 0))
    .map((f) => {
      const byGroup: Record<string, PassCount> = {};
      for (const g of groups) if (g.configId === f.configId) byGroup[g.group] = passCount(g.runs, g.passed);
      const h = heldOut.find((x) => x.configId === f.configId);
      const out: Record<string, number> = {};
      for (const o of outcomes) if (o.configId === f.configId) out[o.outcome] = o.n;
      return {
        ...f,
        passRate: f.runs ? f.passed / f.runs : null,
        wilson: wilson(f.passed, f.runs),
        byGroup,
        heldOut: passCount(h?.runs ?? 0, h?.passed ?? 0),
        outcomes: out,
      };
    });
}
