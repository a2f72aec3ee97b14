import { integer } from "@/domain/stats/format";
import { tallyTaskGroups, taskTallySentence } from "@/domain/analytics/taskGroups";

/** What the methods paragraph of a study report is written from (src/server/report/methodsFacts.ts). */
export interface MethodsFacts {
  sessions: {
    id: string;
    name: string;
    suiteId: string;
    suiteVersion: number;
    repeats: number;
    trial: boolean;
    cancelled: boolean;
  }[];
  configs: {
    configId: string;
    versions: number[];
    runs: number;
    medianStartupTokens: number | null;
    contextWindows: number[];
  }[];
  /** Distinct tasks run, per task group (`no_files`, `files`, `multi_step`), and how many of them are held out. */
  tasks: { byGroup: Record<string, number>; heldOut: number };
  devices: { model: string; devices: number; runs: number }[];
  models: string[];
  builds: string[];
  /** ISO start times of the first and last scored run. */
  firstRunAt: string | null;
  lastRunAt: string | null;
  scoredRuns: number;
  excluded: {
    trialRuns: number;
    supersededRuns: number;
    /** Runs of the selected sessions the page's other filters (build, device, …) leave out. */
    filteredRuns: number;
    filters: string[];
    /** Jobs handed back for good without a trace, by reason (protocol.md `/fail`). */
    failedJobs: { reason: string; jobs: number }[];
    unfinishedJobs: number;
    cancelledJobs: number;
  };
}

const plural = (n: number, one: string, many = `${one}s`) => `${integer(n)} ${n === 1 ? one : many}`;
const day = (iso: string | null) => (iso ? iso.slice(0, 10) : null);

/** "a, b and c". */
export function listWords(xs: string[]): string {
  if (xs.length <= 1) return xs.join("");
  return `${xs.slice(0, -1).join(", ")} and ${xs[xs.length - 1]}`;
}

function suiteSentence(f: MethodsFacts): string {
  const suites = [...new Set(f.sessions.map((s) => `${s.suiteId} v${s.suiteVersion}`))];
  // Counted as the analytics overview and the Suite page count (taskGroups.ts), saying what is counted.
  return `Tasks come from the suite ${listWords(suites)}. ${taskTallySentence(tallyTaskGroups(f.tasks.byGroup, f.tasks.heldOut), "selection")}`;
}

function sessionSentence(f: MethodsFacts): string {
  const repeats = [...new Set(f.sessions.map((s) => s.repeats))].sort((a, b) => a - b);
  const names = f.sessions.map((s) => `“${s.name}”${s.trial ? " (a trial)" : ""}${s.cancelled ? " (cancelled)" : ""}`);
  const from = day(f.firstRunAt);
  const to = day(f.lastRunAt);
  const when = from && to ? (from === to ? ` on ${from}` : ` between ${from} and ${to}`) : "";
  const rep =
    repeats.length === 1
      ? `${plural(repeats[0], "repeat")} of every task and config`
      : `${listWords(repeats.map(String))} repeats per task and config, depending on the session`;
  return `The runs come from ${plural(f.sessions.length, "session")} (${listWords(names)}), run${when}, with ${rep}.`;
}

function configSentence(f: MethodsFacts): string {
  const parts = f.configs.map((c) => {
    const v = c.versions.length ? ` v${c.versions.join("/v")}` : "";
    const tokens =
      c.medianStartupTokens === null
        ? "start-up tokens not reported"
        : `${integer(c.medianStartupTokens)} start-up tokens`;
    return `${c.configId}${v} (${tokens}, ${plural(c.runs, "run")})`;
  });
  const windows = [...new Set(f.configs.flatMap((c) => c.contextWindows))].sort((a, b) => a - b);
  const win = windows.length ? ` The context window was ${listWords(windows.map((w) => `${integer(w)}`))} tokens.` : "";
  return `${f.configs.length === 1 ? "One harness config was" : `${plural(f.configs.length, "harness config")} were`} compared, with the median context consumed by the system prompt and tool definitions before the first message: ${listWords(parts)}.${win}`;
}

function deviceSentence(f: MethodsFacts): string {
  const devices = f.devices.map(
    (d) => `${d.model}${d.devices > 1 ? ` × ${d.devices}` : ""} (${plural(d.runs, "run")})`,
  );
  const models = f.models.length ? ` running ${listWords(f.models)}` : "";
  const builds = f.builds.length ? `, app ${f.builds.length === 1 ? "build" : "builds"} ${listWords(f.builds)}` : "";
  return `Runs were made on ${listWords(devices) || "no device"}${models}${builds}.`;
}

function exclusionSentence(f: MethodsFacts): string {
  const e = f.excluded;
  const out: string[] = [];
  if (e.trialRuns) out.push(`${plural(e.trialRuns, "run")} of trial sessions (marked as trials when queued)`);
  if (e.supersededRuns)
    out.push(`${plural(e.supersededRuns, "superseded run")} (replaced by a later attempt of the same job)`);
  if (e.filteredRuns) out.push(`${plural(e.filteredRuns, "run")} outside the filters ${listWords(e.filters)}`);
  const failed = e.failedJobs.reduce((a, b) => a + b.jobs, 0);
  if (failed)
    out.push(
      `${plural(failed, "job")} that never produced a trace (${listWords(e.failedJobs.map((x) => `${x.reason} × ${integer(x.jobs)}`))})`,
    );
  if (e.unfinishedJobs) out.push(`${plural(e.unfinishedJobs, "job")} still queued or running when the report was made`);
  if (e.cancelledJobs)
    out.push(`${plural(e.cancelledJobs, "job")} cancelled before ${e.cancelledJobs === 1 ? "it" : "they"} ran`);
  const scored = `${plural(f.scoredRuns, "run")} ${f.scoredRuns === 1 ? "was" : "were"} scored from the workspace files left on the device`;
  return out.length ? `${scored}; left out: ${listWords(out)}.` : `${scored}; nothing was left out.`;
}

/** How every comparison in the report was tested: the unit, the tests and the calibration, in plain words. */
export const STATISTICS_SENTENCE =
  "Comparisons count each task once: a task's value is the second config's pass share over its repeats minus the first's, " +
  "and p is the two-sided sign-flip permutation test over tasks (McNemar's exact test on each task's majority verdict and the sign test are shown beside it), " +
  "with Benjamini–Hochberg adjustment within each family of comparisons; repeats of a task are never counted as independent runs, " +
  "and each comparison states how often its test rejects on this data when the two sides are swapped at random within tasks (1,000 draws). " +
  "Latency is compared per run (model load, mean turn time, bootstrap over runs) and per run-clustered TTFT slope, against stated margins.";

/**
 * The methods paragraph of a study report: suite and versions, configs and their start-up
 * tokens, repeats, devices, builds, dates, what was excluded and why, and how comparisons were tested, as sentences.
 * Every number is one of `facts`, so the paragraph can be checked against the tables.
 */
export function methodsParagraph(f: MethodsFacts): string[] {
  if (!f.sessions.length) return ["No session is selected, so there is nothing to describe."];
  return [
    suiteSentence(f),
    sessionSentence(f),
    configSentence(f),
    deviceSentence(f),
    STATISTICS_SENTENCE,
    exclusionSentence(f),
  ];
}
