import { z } from "zod";
import { int, interval, num, ref, str } from "./common";
import { LoadContrast } from "./analytics";
import { SuiteSummary } from "./dashboard";

const nnum = () => num().nullable();
const Quantiles = z
  .object({ "0": num(), "10": num(), "25": num(), "50": num(), "75": num(), "90": num(), "100": num() })
  .meta({ description: "Nearest-rank quantiles (minimum, p10, quartiles, median, p90, maximum)." });
const Prediction = z.object({ ms: num(), ci: interval() });
const Method = z.enum(["gemma3", "estimate"]);

export const CountResponse = z.object({
  tokens: int(),
  method: Method,
  chars: int(),
  hash: str(),
  note: str().optional().meta({ description: "Why the tokenizer was not used (method `estimate` only)." }),
});

export const BudgetResponse = z.object({
  suite: ref(),
  selection: z.object({
    device: str().nullable(),
    build: str().nullable(),
    points: z.enum(["loads", "turns", "all"]),
    sessions: z
      .array(str())
      .meta({ description: "The sessions measured (resolved as analytics does); empty with allSessions=1." }),
  }),
  tokenizer: z.object({
    loaded: z.boolean(),
    loadMs: nnum(),
    error: str().nullable(),
    cachedCounts: int(),
    method: Method,
  }),
  fit: z
    .object({ n: int(), slopeMsPerToken: num(), slopeCi: interval(), interceptMs: num(), interceptCi: interval() })
    .nullable(),
  configs: z.array(
    z.object({
      configId: str(),
      version: int(),
      label: str(),
      contextWindow: int(),
      tokens: int(),
      method: Method,
      runs: int(),
      measuredStartupTokens: nnum(),
      tokenDifference: nnum(),
      predicted: Prediction.nullable(),
      measuredLoadMs: nnum(),
      loadDifferenceMs: nnum(),
      windowLeft: z.object({ tokens: num(), share: num() }),
    }),
  ),
  contrast: LoadContrast.nullable(),
  options: z.object({ suites: z.array(str()), devices: z.array(str()), builds: z.array(str()) }),
});

export const HeadroomResponse = z.object({
  suite: ref(),
  configs: z.array(
    z.object({
      configId: str(),
      runs: int(),
      contextWindow: int(),
      afterStartup: Quantiles,
      atPeak: Quantiles,
      overflowed: int(),
      contextFull: int(),
      runsHref: str().nullable(),
    }),
  ),
  overflowedRuns: z.array(
    z.object({
      runId: str(),
      configId: str(),
      taskId: str(),
      sessionId: str(),
      outcome: str(),
      peak: num(),
      win: int(),
    }),
  ),
});

export const SaveConfigResponse = z.object({
  suite: SuiteSummary,
  config: z.object({ id: str(), version: int(), previousVersion: int() }),
});
