import { mcnemarExact } from "../stats/mcnemar";
import { signTest } from "../stats/sign-test";

export interface TaskPassFacts {
  taskId: string;
  aRuns: number;
  aPassed: number;
  bRuns: number;
  bPassed: number;
}
export interface PairFacts {
  both: number;
  aOnly: number;
  bOnly: number;
  neither: number;
}

export interface Comparison {
  improved: string[];
  degraded: string[];
  unchanged: string[];
  signTestP: number;
  mcnemarP: number;
  pairs: PairFacts;
}

/**
 * Compares side b with side a over the tasks run under both (protocol.md §5): a task improved
 * when b's pass fraction is higher than a's, degraded when lower. The exact two-sided sign test
 * runs over improved vs degraded tasks (the study's test: outcomes are near-deterministic per
 * task, so tasks, not runs, are the sample); McNemar's exact test over runs paired by
 * (session, task, repeat); with no discordant pairs p = 1. Task ids in code-unit order.
 */
export function compareSides(tasks: TaskPassFacts[], pairs: PairFacts): Comparison {
  const improved: string[] = [];
  const degraded: string[] = [];
  const unchanged: string[] = [];
  for (const t of [...tasks].sort((x, y) => (x.taskId < y.taskId ? -1 : 1))) {
    if (!t.aRuns || !t.bRuns) continue;
    // Compare k_b/n_b with k_a/n_a exactly, by cross-multiplying.
    const d = t.bPassed * t.aRuns - t.aPassed * t.bRuns;
    (d > 0 ? improved : d < 0 ? degraded : unchanged).push(t.taskId);
  }
  return {
    improved,
    degraded,
    unchanged,
    signTestP: signTest(improved.length, degraded.length),
    mcnemarP: mcnemarExact(pairs.aOnly, pairs.bOnly),
    pairs,
  };
}

export interface SideDescription {
  sessions: string[];
  builds: string[];
  devices: string[];
  charging: (boolean | null)[];
}

/**
 * Why two sides' timings may not be like for like: they differ in session, build, device or
 * charging state. One sentence per difference, for the warning above a comparison.
 */
export function likeForLikeWarnings(a: SideDescription, b: SideDescription): string[] {
  const same = (x: unknown[], y: unknown[]) =>
    x.length === y.length && [...x].map(String).sort().join("\u0000") === [...y].map(String).sort().join("\u0000");
  const out: string[] = [];
  if (!same(a.sessions, b.sessions))
    out.push("The two sides come from different sessions: session-to-session variation adds to the difference.");
  if (!same(a.builds, b.builds)) out.push("The two sides ran different app builds: timings are not like for like.");
  if (!same(a.devices, b.devices)) out.push("The two sides ran on different devices: timings are not like for like.");
  if (!same(a.charging, b.charging))
    out.push("The phones' charging state differs between the sides: timings are not like for like.");
  return out;
}
