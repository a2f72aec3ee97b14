import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";

export interface PlannedJob {
  taskId: string;
  configId: string;
  /** 1-based among the repeats of this task × config in the session. */
  repeat: number;
}

export type JobOrder = "interleaved" | "blocked";

/**
 * The session's job list. `blocked`: by config (as given), then task (suite order), then repeat.
 * `interleaved`: a seeded Fisher–Yates permutation of the blocked list, so thermal drift and
 * order effects spread over every config, and the same seed always gives the same order.
 */
export function planJobs(
  taskIds: readonly string[],
  configIds: readonly string[],
  repeats: number,
  order: JobOrder,
  seed: number,
): PlannedJob[] {
  const jobs: PlannedJob[] = [];
  for (const configId of configIds)
    for (const taskId of taskIds)
      for (let repeat = 1; repeat <= repeats; repeat++) jobs.push({ taskId, configId, repeat });
  if (order === "blocked") return jobs;
  const rng = xoroshiro128plus(seed);
  for (let i = jobs.length - 1; i > 0; i--) {
    const j = uniformInt(rng, 0, i);
    [jobs[i], jobs[j]] = [jobs[j], jobs[i]];
  }
  return jobs;
}

/** How many jobs a session of these sizes queues: tasks × configs × repeats. */
export function jobCount(tasks: number, configs: number, repeats: number): number {
  return tasks * configs * repeats;
}
