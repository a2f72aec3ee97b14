import { z } from "zod";
import { Suite } from "@/domain/suite/schema";
import { EXPORT_COLUMNS, camel } from "@/domain/export/columns";
import { bool, int, interval, iso, num, ref, str, wilson } from "./common";

export const HealthResponse = z.object({
  ok: z.literal(true),
  engine: z.enum(["sqlite", "postgres"]).meta({ description: "The storage engine this server runs on (ADR 9)." }),
  analytics: z
    .object({
      engine: z.enum(["duckdb", "sqlite", "postgres"]).meta({
        description:
          "What answers the analytics now: the columnar copy (duckdb, ADR 12), or the database itself (while the copy loads, or when ANALYTICS_ENGINE=sql or on PostgreSQL). Same numbers either way.",
      }),
      state: z.enum(["off", "idle", "loading", "ready", "failed", "closed"]),
      runs: z.number().int().nullable().meta({ description: "Runs in the columnar copy as of its last full load." }),
      loadMs: z.number().nullable().meta({ description: "How long that load took." }),
    })
    .meta({ description: "Issue 22: where the analytics are read from." }),
});

export const CreateDeviceResponse = z.object({
  device: z.object({ id: str(), name: str() }),
  token: str().meta({ description: "Shown this once." }),
});
const nnum = () => num().nullable();
/** A paired device as the fleet page shows it (issue 20.4; docs/api.md § Fleet). */
export const DeviceRow = z.object({
  id: str(),
  name: str(),
  createdAt: iso(),
  lastSeenAt: iso().nullable(),
  revoked: bool(),
  online: bool().meta({ description: "Seen in the last minute (and not revoked)." }),
  paused: bool(),
  current: z
    .object({
      session: z.object({ id: str(), name: str() }),
      job: str(),
      attempt: int(),
      task: str(),
      config: str(),
      turn: int().nullable(),
    })
    .nullable(),
  state: z.object({ thermal: str(), battery: nnum(), charging: bool().nullable(), at: iso() }).nullable(),
  phone: z.object({ model: str(), app: str().nullable(), llm: str().nullable(), commit: str().nullable() }).nullable(),
  last24h: z.object({ runs: int(), passed: int(), passRate: nnum(), medianTtftMs: nnum(), tokensPerSecond: nnum() }),
  outliers: z.array(z.object({ build: str(), config: str(), reason: str() })),
});
export const ListDevicesResponse = z.object({
  devices: z.array(DeviceRow),
  eta: z.object({
    jobs: int(),
    estimatedFromOtherConfigs: int(),
    phoneHours: nnum(),
    onlineDevices: int(),
    hours: nnum(),
  }),
});
export const PauseDeviceResponse = z.object({ device: z.object({ id: str(), paused: bool() }) });
export const RevokeDeviceResponse = z.object({ device: z.object({ id: str(), revoked: bool() }) });

const JobCounts = z.object({ queued: int(), leased: int(), completed: int(), failed: int(), cancelled: int() });
/** Issue 36.3: a saved, pre-registered plan with its hash (src/domain/study/plan.ts). */
export const SavedPlan = z
  .object({
    a: str(),
    b: str(),
    metric: z.enum(["pass_rate"]),
    alpha: num(),
    latencyMarginPct: num().optional(),
    minRepeats: int(),
    maxRepeats: int(),
    stoppingRule: z.enum(["anytime-betting-cs"]),
    sha256: str().meta({
      description:
        "SHA-256 (hex) of the plan's canonical JSON: the other fields with keys sorted, no whitespace, numbers as JSON.stringify writes them (RFC 8785).",
    }),
  })
  .meta({ description: "The pre-registered plan; analyses outside it are labelled exploratory." });
export const CreateSessionResponse = z.object({
  session: z.object({
    id: str(),
    jobs: int(),
    seed: int(),
    planSha256: str()
      .nullable()
      .meta({ description: "(added, issue 36.3) The hash of the plan saved with it; null without a plan." }),
  }),
});
export const SavePlanResponse = z.object({ plan: SavedPlan });
export const SessionListRow = z.object({
  id: str(),
  name: str(),
  trial: bool(),
  calibration: bool().meta({
    description: "An A/A calibration: one config run twice; arm 1 is its odd repeats, arm 2 its even ones.",
  }),
  suiteId: str(),
  createdAt: iso(),
  cancelled: bool(),
  counts: JobCounts,
  // Issue 16.3: what the sessions list shows of each session.
  imported: bool().meta({ description: "Imported from a runs.json: it has runs but no jobs." }),
  configIds: z.array(str()),
  runs: int().meta({ description: "Its runs that are not superseded (an imported session's real size)." }),
  scored: int().meta({ description: "Of those, the runs with a current score (the pass rate's n)." }),
  passed: int(),
  devices: z
    .array(
      z.object({
        id: str(),
        model: str(),
        runs: int(),
        label: str().meta({ description: "Added (issue 34.2): the token's name · the reported id." }),
      }),
    )
    .meta({
      description: "The devices that returned its runs: one per reported id and token (two tokens on one id are two).",
    }),
});
export const ListSessionsResponse = z.object({ sessions: z.array(SessionListRow) });
export const SessionDetail = z.object({
  session: z.object({
    id: str(),
    name: str(),
    trial: bool(),
    calibration: bool().meta({
      description: "An A/A calibration: one config run twice; arm 1 is its odd repeats, arm 2 its even ones.",
    }),
    createdAt: iso(),
    cancelledAt: iso().nullable(),
    counts: JobCounts,
    suite: ref(),
    order: str(),
    seed: int(),
    repeats: int(),
    leaseSeconds: int(),
    maxAttempts: int(),
    notes: str().nullable(),
    taskIds: z.array(str()),
    configIds: z.array(str()),
    progress: z.object({ total: int(), done: int(), fraction: num(), etaMs: num().nullable() }),
    state: z
      .object({
        kind: z.enum(["waiting", "running", "finished", "failed", "cancelled"]),
        ran: int(),
        total: int(),
        fraction: num(),
        text: str(),
      })
      .meta({
        description:
          "(added) What the session is from its job counts (src/domain/sessions/state.ts): `ran` counts completed and failed jobs (cancelled ones never ran), `fraction` = ran / total, `text` the page's progress line; `failed` = finished with failed jobs.",
      }),
    pinned: z
      .object({ devices: z.array(z.object({ id: str(), name: str(), revoked: bool() })), allRevoked: bool() })
      .nullable()
      .meta({ description: "The devices the session is pinned to (only they lease its jobs), or null." }),
    imported: z
      .object({
        runs: int(),
        tasks: int(),
        configs: int(),
        repeats: int().meta({ description: "The highest repeat number among its runs." }),
        models: z.array(str()),
        builds: z.array(str()),
        from: iso().nullable().meta({ description: "The first run's start, as the source recorded it." }),
        to: iso().nullable(),
      })
      .nullable()
      .meta({ description: "For a session imported from a runs.json, what its runs carried; null otherwise." }),
    plan: SavedPlan.nullable().meta({ description: "(added, issue 36.3) The pre-registered plan, or null." }),
    adaptive: z
      .object({
        minRepeats: int(),
        maxRepeats: int(),
        state: z.enum(["running", "decided", "exhausted"]).meta({
          description:
            "decided: the anytime interval of b − a excludes 0 (no more pairs are queued); exhausted: nothing of a and b left to run, undecided; running otherwise.",
        }),
        direction: z.enum(["a", "b"]).nullable().meta({ description: "The better config once decided, else null." }),
        interval: interval().meta({ description: "The anytime-valid interval of b − a, in pass-rate points." }),
        runsQueued: int().meta({ description: "Jobs the session queued: the minimum and every extra pair." }),
        runsSaved: int().meta({ description: "The fixed design's tasks × configs × maxRepeats minus runsQueued." }),
        phoneHoursSaved: num()
          .nullable()
          .meta({ description: "runsSaved × the session's mean run wall time, in hours; null before a timed run." }),
        tasksSettled: int(),
        tasksDisagreeing: int().meta({ description: "Tasks whose pass shares differ between a and b so far." }),
        line: str().meta({ description: "The session page's decision line." }),
        settled: z
          .array(z.object({ taskId: str(), aRuns: int(), aPassed: int(), bRuns: int(), bPassed: int() }))
          .meta({ description: "The tasks in the order they entered the sequence, with their counts then." }),
      })
      .nullable()
      .meta({ description: "(added, issue 36.2) Where an adaptive session stands; null for a fixed design." }),
  }),
  configs: z.array(z.object({ configId: str(), runs: int(), passed: int(), wilson: wilson() })),
  leases: z
    .array(
      z.object({
        jobId: str(),
        taskId: str(),
        configId: str(),
        repeat: int(),
        attempt: int(),
        device: z
          .object({
            id: str(),
            name: str(),
            reportedId: str()
              .nullable()
              .meta({ description: "(added, issue 34.2) The `device.id` its poll reported; null when not kept." }),
          })
          .meta({ description: "The paired device holding the lease." }),
        since: iso().meta({ description: "When the lease was issued." }),
        heldMs: int().meta({ description: "How long it has been held when the server answered." }),
        lastHeardAt: iso().meta({ description: "The lease or its last heartbeat, whichever is later." }),
        silentMs: int(),
        turn: int().nullable().meta({ description: "The turn of the device's last heartbeat for this job." }),
      }),
    )
    .meta({ description: "The session's leased jobs and who holds each, longest held first (issue 16.3)." }),
});
export const SessionRunRow = z.object({
  id: str(),
  taskId: str(),
  configId: str(),
  repeat: int(),
  attempt: int(),
  deviceId: str(),
  deviceLabel: str().meta({
    description: "(added, issue 34.2) The phone's token name with the reported `deviceId` beside it.",
  }),
  passed: bool(),
  outcome: str(),
  outcomeReason: str(),
  superseded: bool(),
  receivedAt: iso(),
});
/** Issue 31: the session page's task-level comparisons (src/domain/sessions/comparisons.ts). */
export const SessionComparisons = z.object({
  kind: z.enum(["configs", "arms"]).meta({
    description: "configs: each config against the session's first; arms: a calibration session's arm 2 against arm 1.",
  }),
  rows: z.array(
    z.object({
      a: str(),
      b: str(),
      tasks: int(),
      improved: int(),
      degraded: int(),
      difference: num().nullable(),
      permutationP: num(),
      permutationPAdjusted: num(),
    }),
  ),
  method: str().nullable().meta({ description: "The unit and the test in one sentence." }),
  calibration: str().nullable().meta({ description: "The test's rejection rate under the label-permutation null." }),
});
export const SessionRunsResponse = SessionDetail.extend({
  comparisons: SessionComparisons,
  runs: z.array(SessionRunRow),
});
export const CancelSessionResponse = z.object({ session: z.object({ id: str(), cancelledJobs: int() }) });
const Verdict = z.object({ passed: bool(), outcome: str(), taskVersion: int() });
export const RescoreChange = z.object({
  runId: str(),
  taskId: str(),
  configId: str(),
  repeat: int(),
  before: Verdict,
  after: Verdict.extend({ outcomeReason: str() }),
});
export const RescoreResponse = z.object({
  session: z.object({ id: str() }),
  runs: int(),
  rescored: int(),
  changed: z.array(RescoreChange),
  unscorable: z.array(z.object({ runId: str(), reason: str() })),
});

export const SuiteSummary = z.object({ id: str(), version: int(), tasks: int(), configs: int() });
export const ListSuitesResponse = z.object({
  suites: z.array(
    z.object({ id: str(), version: int(), name: str().nullable(), tasks: int(), configs: int(), default: bool() }),
  ),
});
export const GetSuiteResponse = z.object({ suite: Suite });
export const ImportSuiteResponse = z.object({
  suite: SuiteSummary,
  warnings: z.array(z.object({ path: z.string(), message: z.string() })).meta({
    description:
      "What the fixtures cannot show (e.g. a milestone on tool calls no right fixture lists calls for); the suite is stored.",
  }),
});

const Cell = z.union([z.string(), z.number(), z.boolean(), z.null()]);
/** A run's export fields (protocol.md §4) in camelCase. */
export const RunFields = z.object(Object.fromEntries(EXPORT_COLUMNS.map((c) => [camel(c), Cell])));
export const RunListRow = z.object({
  id: str(),
  sessionId: str(),
  sessionName: str(),
  taskId: str(),
  taskGroup: str(),
  heldOut: bool(),
  configId: str(),
  repeat: int(),
  attempt: int(),
  deviceId: str(),
  deviceLabel: str().meta({
    description: "(added, issue 34.2) The phone's token name with the reported `deviceId` beside it.",
  }),
  buildCommit: str(),
  passed: bool(),
  outcome: str(),
  outcomeReason: str(),
  looping: bool(),
  toolCalls: int(),
  failedToolCalls: int(),
  turnCount: int(),
  firstTtftMs: num().nullable(),
  loadMs: num(),
  peakContextTokens: int(),
  thermalAtStart: str().nullable(),
  charging: bool().nullable(),
  superseded: bool(),
  trial: bool(),
  unscorable: str()
    .nullable()
    .meta({ description: "Why the run could not be scored (within the 5 s limit); null when scored." }),
});
export const ListRunsResponse = z.object({
  total: int(),
  page: int(),
  pages: int(),
  pageSize: int(),
  first: int(),
  last: int(),
  runs: z.array(RunListRow),
});
export const GetRunResponse = z.object({
  run: RunFields,
  trace: z.unknown().meta({
    description: "The trace exactly as the phone submitted it (protocol.md §2); absent detail for imported runs.",
  }),
  score: z.object({
    passed: bool(),
    outcome: str(),
    outcomeReason: str(),
    checks: z.array(z.object({ id: str(), passed: bool(), reason: str() })),
    looping: bool(),
    repatches: int(),
    progress: z.array(num()),
    milestonesReached: int(),
    milestoneCalls: z.array(int().nullable()).nullable().meta({
      description:
        "(added, issue 32) Per task milestone in order: the tool call (1-based) that first reached it, null if none did. Null when not stored: imported runs, unscorable runs, and scores written before this field (rescore to fill).",
    }),
    metrics: z.record(z.string(), z.unknown()),
    unscorable: str()
      .nullable()
      .meta({ description: "Why the run could not be scored (within the 5 s limit); null when scored." }),
  }),
  task: z
    .object({
      id: str(),
      version: int(),
      title: str().nullable(),
      prompt: str(),
      workspace: z.unknown(),
      milestones: z.array(z.unknown()),
    })
    .nullable(),
  neighbours: z.object({ previous: str().nullable(), next: str().nullable(), index: int(), of: int() }),
  device: z
    .object({
      tokenId: str()
        .nullable()
        .meta({ description: "The paired token the result came in on; null for imported runs." }),
      tokenName: str().nullable().meta({ description: "That token's name, as the researcher gave it." }),
      reportedId: str().meta({ description: "The `device.id` the trace reported (the run's `deviceId`)." }),
      pollReportedId: str()
        .nullable()
        .meta({ description: "The `device.id` the poll that took the lease reported; null when not kept." }),
      mismatch: bool().meta({
        description: "The trace's device id differs from the poll's: stored, flagged, and noted in analytics.",
      }),
    })
    .meta({ description: "(added, issue 34.2) Which phone ran it: its token's name and the ids it reported." }),
});

export const ExportJson = z.object({ version: z.literal(1), runs: z.array(z.record(z.string(), z.unknown())) });
const ImportedSession = z.object({ id: str(), name: str(), runs: int() });
export const ImportRunsResponse = z.object({
  session: z.object({ id: str(), runs: int() }),
  sessions: z.array(ImportedSession),
  /** (added, issue 16.5) What a runs.json cannot carry, so the imported runs lack it: one sentence each. */
  notCarried: z.array(z.string()),
  /** (added, issue 32.3) True when this file was imported before: nothing was stored, the sessions are that import's. */
  alreadyImported: z.boolean(),
  /** (added, issue 32.3) On an already-imported file only: one sentence saying so (and that a `name` was not applied). */
  message: z.string().optional(),
});
export const DemoResponse = z.object({ session: z.object({ id: str(), jobs: int(), seed: int() }) });
export const LogoutResponse = z.object({ ok: z.literal(true) });
export const LoginRequest = z.object({ password: z.string() });
