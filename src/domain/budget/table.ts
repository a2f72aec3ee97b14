import type { Prediction } from "../stats/slope-times";
import { predictDifference, predictLoad, windowLeft, type PrefillModel } from "./latency";
import type { CountMethod } from "./schema";

/** One config of the suite with its counted start-up tokens. */
export interface CountedConfig {
  configId: string;
  version: number;
  label: string;
  contextWindow: number;
  tokens: number;
  method: CountMethod;
}

/** What the phones measured for a config id (medians over its runs), or nulls without runs. */
export interface MeasuredConfig {
  runs: number;
  startupTokens: number | null;
  loadMs: number | null;
}

export interface BudgetRow extends CountedConfig {
  runs: number;
  measuredStartupTokens: number | null;
  /** measured − counted start-up tokens (how far the phone's count is from the tokenizer's). */
  tokenDifference: number | null;
  predicted: Prediction | null;
  measuredLoadMs: number | null;
  /** measured − predicted load. */
  loadDifferenceMs: number | null;
  windowLeft: { tokens: number; share: number };
}

/** Per config: counted vs measured tokens, predicted vs measured load, and the window left. */
export function budgetRows(
  configs: CountedConfig[],
  measured: Map<string, MeasuredConfig>,
  model: PrefillModel | null,
): BudgetRow[] {
  return configs.map((c) => {
    const m = measured.get(c.configId);
    const predicted = model ? predictLoad(model, c.tokens) : null;
    const measuredStartupTokens = m?.startupTokens ?? null;
    const measuredLoadMs = m?.loadMs ?? null;
    return {
      ...c,
      runs: m?.runs ?? 0,
      measuredStartupTokens,
      tokenDifference: measuredStartupTokens === null ? null : measuredStartupTokens - c.tokens,
      predicted,
      measuredLoadMs,
      loadDifferenceMs: predicted && measuredLoadMs !== null ? measuredLoadMs - predicted.ms : null,
      windowLeft: windowLeft(c.contextWindow, c.tokens),
    };
  });
}

/** The planner's comparison of an edited config with its stored version. */
export function draftDelta(
  model: PrefillModel | null,
  currentTokens: number,
  draftTokens: number,
  contextWindow: number,
) {
  return {
    tokens: draftTokens - currentTokens,
    predictedMs: model ? predictLoad(model, draftTokens).ms : null,
    deltaMs: model ? predictDifference(model, draftTokens, currentTokens) : null,
    windowLeft: windowLeft(contextWindow, draftTokens),
  };
}
