import type { Trace } from "../protocol";
import type { Task } from "../suite/schema";
import { evaluateCheck } from "./evaluate";
import { applyChanges, traceCalls } from "./workspace";

export interface Progress {
  /** progress[k-1] = milestones reached by tool call k. */
  progress: number[];
  milestonesReached: number;
  milestonesTotal: number;
}

/**
 * Milestone trajectory (protocol.md §3). The reply is empty at every step because the run has
 * not replied yet mid-way; a milestone, once reached, stays reached even if a later call undoes it.
 */
export function progress(task: Task, trace: Pick<Trace, "turns">): Progress {
  const milestones = task.milestones ?? [];
  const calls = traceCalls(trace);
  const states = applyChanges(task.workspace, calls);
  const reached = new Set<number>(); // by index: ids are unique only in a validated suite
  const steps = states.map((workspace, i) => {
    const state = { workspace, seed: task.workspace, reply: "", calls: calls.slice(0, i + 1) };
    milestones.forEach((m, j) => {
      if (!reached.has(j) && evaluateCheck(m.check, state, m.id).passed) reached.add(j);
    });
    return reached.size;
  });
  return { progress: steps, milestonesReached: steps.length ? Math.max(...steps) : 0, milestonesTotal: milestones.length };
}
