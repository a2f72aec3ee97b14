import type { Trace } from "../protocol";
import type { Task } from "../suite/schema";
import { callChecks, callMatches, readsPath } from "./check-inputs";
import { evaluateCheck } from "./evaluate";
import { applyChanges, traceCalls } from "./workspace";

export interface Progress {
  /** progress[k-1] = milestones reached by tool call k. */
  progress: number[];
  milestonesReached: number;
  milestonesTotal: number;
  /** milestoneCalls[j] = the tool call k (1-based) that first reached milestone j, null if none did. */
  milestoneCalls: (number | null)[];
}

/**
 * Milestone trajectory (protocol.md §3). The reply is empty at every step because the run has
 * not replied yet mid-way; a milestone, once reached, stays reached even if a later call undoes it.
 *
 * A milestone not yet reached is judged again only at the first call, after a call that wrote or
 * deleted a file it reads, or at the first call matching one of its `call_regex` checks (such a
 * check, "some call so far matches", changes verdict only there). Between those its inputs are
 * unchanged, so its verdict is too; this keeps the replay near-linear in the trace's size.
 * Which call reached each milestone is kept too (`milestoneCalls`), so the run page labels calls
 * from the stored score and never judges a pattern on the server's thread (issue 32).
 */
export function progress(task: Task, trace: Pick<Trace, "turns">): Progress {
  const milestones = task.milestones ?? [];
  const calls = traceCalls(trace);
  const states = applyChanges(task.workspace, calls);
  const reached = new Set<number>(); // by index: ids are unique only in a validated suite
  const milestoneCalls: (number | null)[] = milestones.map(() => null);
  const unmatched = milestones.map((m) => new Set(callChecks(m.check)));
  const steps = states.map((workspace, i) => {
    const call = calls[i];
    milestones.forEach((m, j) => {
      if (reached.has(j)) return;
      let due = i === 0 || (call.changes ?? []).some((c) => readsPath(m.check, c.path));
      for (const c of unmatched[j]) {
        if (callMatches(c, call)) {
          unmatched[j].delete(c);
          due = true;
        }
      }
      if (!due) return;
      const state = { workspace, seed: task.workspace, reply: "", calls: calls.slice(0, i + 1) };
      if (evaluateCheck(m.check, state, m.id).passed) {
        reached.add(j);
        milestoneCalls[j] = i + 1;
      }
    });
    return reached.size;
  });
  return { progress: steps, milestonesReached: reached.size, milestonesTotal: milestones.length, milestoneCalls };
}
