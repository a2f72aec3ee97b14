/** The per-config costs View 7 draws, as configAnalytics returns them. */
export interface ToolCallFacts {
  configId: string;
  runs: number;
  toolCalls: number;
  failedToolCalls: number;
  medianTurnMs: number | null;
}

export interface ToolCallRow {
  configId: string;
  runs: number;
  toolCalls: number;
  failedToolCalls: number;
  /** Failed calls as a share of calls; null without calls. */
  failedShare: number | null;
  callsPerRun: number | null;
  /** Median turn time in seconds (chart units). */
  medianTurnS: number | null;
}

/**
 * Rows of the study's Figure 8 (b–d): total and failed tool calls and median turn time per
 * config, configs in id order.
 */
export function toolCallRows(configs: ToolCallFacts[]): ToolCallRow[] {
  return [...configs]
    .sort((a, b) => (a.configId < b.configId ? -1 : a.configId > b.configId ? 1 : 0))
    .map((c) => ({
      configId: c.configId,
      runs: c.runs,
      toolCalls: c.toolCalls ?? 0,
      failedToolCalls: c.failedToolCalls ?? 0,
      failedShare: c.toolCalls ? c.failedToolCalls / c.toolCalls : null,
      callsPerRun: c.runs ? c.toolCalls / c.runs : null,
      medianTurnS: c.medianTurnMs === null ? null : c.medianTurnMs / 1000,
    }));
}
