import { z } from "zod";
import { bool, int, interval, num, str, wilson } from "./common";

/** A notice above the figures with its level (src/domain/analytics/notices.ts), most severe first. */
const NoticeList = z
  .array(
    z.object({
      kind: str().meta({ description: "What the notice is about (a key of NOTICE_LEVELS)." }),
      severity: z.enum(["misleading", "caution", "info"]).meta({
        description:
          "misleading: a number on the page may mislead as it stands; caution: worth knowing; info: context.",
      }),
      text: str(),
    }),
  )
  .meta({ description: "(added, issue 34.10) The notices with their severity, most severe first." });

const PassCount = z.object({ runs: int(), passed: int(), wilson: wilson() });
const nnum = () => num().nullable();
/** Pass counts that know runs repeat: tasks as clusters (src/domain/analytics/configs.ts). */
const RepeatsAware = {
  tasks: int(),
  icc: nnum(),
  designEffect: nnum(),
  effectiveN: nnum(),
  wilsonEffective: wilson().meta({ description: "Wilson 95% on the effective n; null with the ICC." }),
};
/** The load contrast of two configs under the prefill fit (src/domain/analytics/loadContrast.ts). */
export const LoadContrast = z.object({
  a: str(),
  b: str(),
  aTokens: num(),
  bTokens: num(),
  tokenDiff: num(),
  predicted: z.object({ ms: num(), ci: interval() }),
  measuredDiffMs: nnum(),
});

export const ConfigsResponse = z.object({
  configs: z.array(
    z.object({
      configId: str(),
      runs: int(),
      passed: int(),
      looping: int(),
      contextFull: int(),
      toolCalls: int(),
      failedToolCalls: int(),
      peakContextTokens: num(),
      medianStartupTokens: nnum(),
      medianLoadMs: nnum(),
      medianTtftMs: nnum(),
      medianTurnMs: nnum(),
      passRate: nnum(),
      wilson: wilson(),
      byGroup: z.record(z.string(), PassCount.extend(RepeatsAware)),
      heldOut: PassCount,
      outcomes: z.record(z.string(), int()),
      ...RepeatsAware,
    }),
  ),
});

const Fit = z.object({ n: int(), slopeMsPerToken: num(), interceptMs: num(), r2: nnum(), slopeCi: interval() });
export const TtftResponse = z.object({
  points: z.enum(["turns", "loads", "all"]),
  fit: Fit.nullable(),
  configs: z.array(
    z.object({ configId: str(), startupTokens: nnum(), measuredLoadMs: nnum(), predictedLoadMs: nnum() }),
  ),
  builds: z.array(
    z.object({
      device: str(),
      deviceLabel: str().meta({
        description: "(added, issue 34.2) The device as pages name it: its tokens' names · the reported id.",
      }),
      build: str(),
      fit: Fit.nullable(),
      vsPrevious: z
        .object({
          build: str(),
          diffMsPerToken: num(),
          change: num().meta({ description: "Relative change of the slope (0.1 = 10%)." }),
          ci: interval().meta({ description: "Its 95% interval, standard errors clustered by run." }),
          margin: num(),
          p: num().meta({ description: "One-sided p that the change exceeds the margin." }),
          regression: bool().meta({ description: "The whole interval lies above the margin." }),
        })
        .nullable(),
    }),
  ),
  contrast: LoadContrast.nullable(),
});

export const TtftPointsResponse = z.object({
  points: z.enum(["turns", "loads", "all"]),
  total: int(),
  shown: int(),
  sampled: bool(),
  data: z.array(
    z.object({
      configId: str(),
      // Added in issue 16, so the scatter can tell builds apart.
      build: str().meta({
        description:
          "The app build (`build.commit`) of the run the point comes from; the scatter gives each build a marker shape.",
      }),
      x: num(),
      y: num(),
    }),
  ),
});

/** The sign-flip permutation test's method (issue 31). */
export const PermutationFacts = z.object({
  p: num(),
  method: z.enum(["exact", "monte_carlo"]),
  draws: int().nullable().meta({ description: "Monte Carlo only: random sign assignments drawn." }),
  seed: int().nullable().meta({ description: "Monte Carlo only: the generator's seed." }),
  tasks: int().meta({ description: "Tasks whose pass share differs between the sides." }),
});
/** Task-paired majority verdicts (issue 31): counts of tasks, not runs. */
export const TaskPairs = z.object({
  both: int(),
  aOnly: int(),
  bOnly: int(),
  neither: int(),
  undecided: int().meta({ description: "Tasks whose repeats split exactly in half on a side (no majority verdict)." }),
});
/** How often a test rejects on the researcher's data when nothing changed (issue 31.4). */
export const NullRejection = z.object({
  draws: int(),
  rejected: int(),
  rate: num(),
  ci: interval(),
  seed: int(),
  alpha: num(),
});

export const CompareResponse = z.object({
  a: z.object({ config: str(), session: str().optional() }),
  b: z.object({ config: str(), session: str().optional() }),
  improved: z.array(str()),
  degraded: z.array(str()),
  unchanged: z.array(str()),
  taskCount: int().meta({ description: "Tasks run on both sides: the unit and sample size of every test here." }),
  difference: num()
    .nullable()
    .meta({ description: "Mean over those tasks of b's pass share minus a's; null with no shared task." }),
  permutationP: num().meta({
    description:
      "The headline test: two-sided sign-flip permutation test over tasks, each task's value b's pass share minus a's.",
  }),
  permutation: PermutationFacts,
  signTestP: num().meta({ description: "Exact two-sided sign test over improved vs degraded tasks." }),
  mcnemarP: num().meta({
    description:
      "Exact two-sided McNemar test on task-paired outcomes (each task's majority verdict per side; a task whose repeats split in half on a side is left out). Was over runs paired by repeat before issue 31.",
  }),
  pairs: TaskPairs,
  calibration: NullRejection,
  method: str().meta({ description: "The unit and the test in one plain sentence." }),
  tasks: z.array(z.object({ taskId: str(), aRuns: int(), aPassed: int(), bRuns: int(), bPassed: int() })),
  bootstrap: z.object({ diff: num(), ci: interval(), resamples: int(), seed: int(), tasks: int() }).nullable().meta({
    description: "Task-level bootstrap interval of b's pass rate minus a's; null with no task run on both sides.",
  }),
  warnings: z.array(str()),
  notices: NoticeList,
});

export const FamilyResponse = z.object({
  mode: z.enum(["baseline", "consecutive"]),
  baseline: str().nullable(),
  configs: z.array(str()),
  rows: z.array(
    z.object({
      a: str(),
      b: str(),
      tasks: int().meta({ description: "Tasks run under both configs: the unit of the row's tests." }),
      improved: int(),
      degraded: int(),
      unchanged: int(),
      permutationP: num(),
      signTestP: num(),
      mcnemarP: num().meta({ description: "McNemar on task-paired majority verdicts." }),
      aOnly: int().meta({ description: "Tasks whose majority verdict went from pass on a to fail on b." }),
      bOnly: int(),
      permutationPAdjusted: num(),
      signTestPAdjusted: num(),
      mcnemarPAdjusted: num(),
    }),
  ),
});

export const TasksResponse = z.object({
  tasks: z.array(z.object({ taskId: str(), group: str(), heldOut: bool() })),
  configs: z.array(str()),
  cells: z
    .record(z.string(), z.record(z.string(), z.object({ runs: int(), passed: int() })))
    .meta({ description: "task id → config id → counts" }),
  deterministicTasks: int(),
});

const OutcomeRow = z.object({ configId: str(), total: int(), counts: z.record(z.string(), int()) });
export const OutcomesResponse = z.object({
  outcomes: z.object({ all: z.array(OutcomeRow), files: z.array(OutcomeRow), multi_step: z.array(OutcomeRow) }),
});

export const ContextResponse = z.object({
  tasks: z.array(str()),
  windows: z.array(int()),
  series: z.array(
    z.object({
      configId: str(),
      points: z.array(
        z.object({ runId: str(), taskId: str(), x: num(), y: num(), contextFull: bool(), share: nnum() }),
      ),
    }),
  ),
  summary: z.array(z.object({ configId: str(), runs: int(), contextFull: int(), maxPeak: num() })),
  /** Multi-step runs in the selection; `shown` are drawn, a deterministic sample when `sampled` (the rest counts over all). */
  total: int(),
  shown: int(),
  sampled: bool(),
});

export const ProgressResponse = z.object({
  tasks: z.array(
    z.object({
      taskId: str(),
      group: str(),
      milestonesTotal: int(),
      configs: z.array(
        z.object({
          configId: str(),
          runs: int(),
          points: z.array(
            z.object({ call: int(), milestones: int(), failed: bool(), following: int(), running: int() }),
          ),
          end: str(),
          ends: z.record(z.string(), int()),
        }),
      ),
    }),
  ),
});

export const FailuresResponse = z.object({
  failures: z.array(
    z.object({
      taskId: str(),
      group: str(),
      configId: str(),
      runs: int(),
      failing: int(),
      pattern: str().nullable(),
      following: int(),
      patterns: int(),
    }),
  ),
  runs: int(),
});

export const StepsResponse = z.object({
  steps: z.array(
    z.object({
      index: int(),
      sessionId: str(),
      sessionName: str(),
      configId: str(),
      picked: bool(),
      options: z.array(z.object({ configId: str(), runs: int() })),
      label: str(),
      all: PassCount,
      needsFiles: PassCount,
      noFiles: PassCount,
      heldOut: PassCount,
      medianStartupTokens: nnum(),
      medianLoadMs: nnum(),
    }),
  ),
  missing: z.array(str()).meta({ description: "Named steps (`session:config`) with no runs under the filters." }),
  pairs: z
    .array(z.object({ sessionId: str(), sessionName: str(), configId: str(), runs: int() }))
    .meta({ description: "Every (session, config) with runs under the other filters: what a step can be." }),
  bars: z
    .array(z.record(z.string(), z.union([str(), num(), z.array(num()), z.null()])))
    .meta({ description: "Chart rows: per config a value, error bar and label per group." }),
});

export const ProficiencyResponse = z.object({
  configs: z.array(
    z.object({
      configId: str(),
      k: int(),
      tasks: int(),
      tasksWithK: int(),
      passAt1: nnum(),
      passHatK: nnum(),
      runs: int(),
      repatchesPerRun: nnum(),
      outputTokensPerRun: nnum(),
      promptTokensPerRun: nnum(),
    }),
  ),
  context: z.array(
    z.object({
      configId: str(),
      context: str(),
      runs: int(),
      overflowRuns: int(),
      elide: int(),
      summarize: int(),
      recall: int(),
      overflowRate: nnum(),
      overflowWilson: wilson(),
    }),
  ),
});

const Trend = z.object({
  n: int(),
  slopePerMin: num(),
  slopeCi: interval(),
  startRate: num(),
  spanMin: num(),
  relativeChange: num(),
  p: num(),
  flagged: bool(),
});
export const ThrottlingResponse = z.object({
  devices: z.array(
    z.object({
      sessionId: str(),
      sessionName: str().meta({
        description: "(added) The session's name, so two sessions' rows for one phone tell apart.",
      }),
      deviceId: str().meta({ description: "The id the phone reported." }),
      tokenDeviceId: str().nullable().meta({
        description:
          "(added, issue 34.2) The paired token its runs came in on (null: imported). A row is one session × token × reported id: two tokens reporting one id are two rows.",
      }),
      deviceLabel: str().meta({ description: "(added, issue 34.2) The token's name with the reported id beside it." }),
      runs: int(),
      decode: Trend.nullable(),
      prefill: Trend.nullable(),
      flagged: bool(),
      advice: str().nullable(),
    }),
  ),
  flagged: int(),
});

const SideSchema = z.object({ config: str(), session: str().optional() });
const byOutcome = () => z.record(z.string(), int()).meta({ description: "outcome label → paired runs" });
export const Transitions = z.object({
  outcomes: z.array(str()),
  counts: z.record(z.string(), byOutcome()).meta({ description: "a's outcome → b's outcome → paired runs" }),
  rowTotals: byOutcome(),
  columnTotals: byOutcome(),
  total: int(),
});
export const TransitionsResponse = z.object({ a: SideSchema, b: SideSchema, ...Transitions.shape });

const PathSummary = z.object({
  pattern: str().nullable(),
  steps: z.array(str()),
  runs: int(),
  outcomes: z.record(z.string(), int()),
});
export const TrajectoriesResponse = z.object({
  a: SideSchema,
  b: SideSchema,
  tasks: z.array(
    z.object({ taskId: str(), a: z.array(PathSummary), b: z.array(PathSummary), divergesAt: int().nullable() }),
  ),
});

/** `GET /api/analytics/cost` (issue 20.3): per config phone time, tokens and battery per success. */
export const CostResponse = z.object({
  configs: z.array(
    z.object({
      configId: str(),
      runs: int(),
      passed: int(),
      phoneSecondsPerSuccess: nnum(),
      outputTokensPerSuccess: nnum(),
      battery: z.object({ runs: int(), pointsPerRun: num(), pointsPerSuccess: nnum() }).nullable(),
    }),
  ),
  note: str(),
});

const StateGroup = z.object({
  state: str(),
  runs: int(),
  turns: int(),
  medianLoadMs: nnum(),
  medianTurnMs: nnum(),
  ttft: z.object({ n: int(), slopeMsPerToken: num(), interceptMs: num(), slopeCi: interval() }).nullable(),
});
/** `GET /api/analytics/states` (issue 20.2): latency split by thermal state at start and by charging. */
export const StatesResponse = z.object({
  thermal: z.array(StateGroup),
  charging: z.array(StateGroup),
  warning: str().nullable(),
});

/** Which sessions a view reads and what they mix (src/server/analytics/describeSelection.ts). */
export const SelectionResponse = z.object({
  mode: z.enum(["default", "chosen", "all"]).meta({
    description:
      "default: none named, the newest session with matching runs that is neither a trial nor an A/A calibration, nor cancelled while another has matching runs; chosen: named; all: allSessions=1.",
  }),
  sessions: z.array(
    z.object({
      id: str(),
      name: str(),
      runs: int(),
      models: z.array(str()),
      devices: z.array(str()),
      phones: z
        .array(str())
        .meta({ description: "(added, issue 34.2) Its phones as pages name them: token name · reported id." }),
      builds: z.array(str()),
      charging: z.array(bool().nullable()),
    }),
  ),
  unknown: z.array(str()).meta({ description: "Named session ids no session has; they match nothing." }),
  duplicates: z.array(z.object({ of: str(), copy: str(), runs: int() })).meta({
    description: "Runs present in two selected sessions (same task, config, repeat, attempt, device, start).",
  }),
  headline: str(),
  unknownLine: str().nullable(),
  warnings: z.array(str()).meta({ description: "One sentence per thing the selection mixes, most harmful first." }),
  standing: z.array(str()).meta({
    description:
      "(added) One sentence per selected session that is not complete (cancelled, still running, failed jobs, a trial, one repeat), and one for a newer cancelled session the default passed over.",
  }),
  offer: z.object({ id: str(), name: str() }).nullable().meta({
    description:
      "(added) The newest complete session with matching runs (every job completed, more than one repeat, not a trial), when a standing line is shown and it is not selected.",
  }),
  balance: str().nullable().meta({
    description:
      "(added) A sentence when the selection's configs did not run the same tasks equally often (an unbalanced comparison), or when they did but tasks ran different numbers of runs (an adaptive session: pooled rates weigh tasks by their runs); null otherwise. `notices` gives its kind and level.",
  }),
  hidden: z
    .object({
      text: str(),
      set: z.object({ includeTrial: z.literal(true).optional(), includeSuperseded: z.literal(true).optional() }),
    })
    .nullable()
    .meta({
      description:
        "(added, issue 34.11) When the selection reads 0 runs because its sessions are trials or its runs superseded: the sentence and the switches that bring them back; null otherwise.",
    }),
  notices: NoticeList,
});
