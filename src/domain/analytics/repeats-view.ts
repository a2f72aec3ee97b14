import type { RepeatsAware } from "./configs";
import { percentInterval } from "../stats/format";

/**
 * The hover of the repeats-aware columns: what the ICC, design effect and effective n of these
 * runs are and what they mean, in one or two sentences.
 */
export function repeatsHover(r: RepeatsAware & { runs: number }): string {
  if (r.icc === null || r.designEffect === null || r.effectiveN === null) {
    return `No intraclass correlation for these ${r.runs} runs over ${r.tasks} task${r.tasks === 1 ? "" : "s"}: it needs two tasks or more, a task run more than once, and not every run ending alike. Read the plain interval with care.`;
  }
  const agree =
    r.icc >= 0.5
      ? "repeats of a task mostly agree"
      : r.icc > 0
        ? "repeats of a task partly agree"
        : "repeats of a task vary as much as different tasks";
  return (
    `ICC ${r.icc.toFixed(2)}: ${agree}, so ${r.runs} runs over ${r.tasks} tasks count as ${r.effectiveN.toFixed(1)} independent runs ` +
    `(design effect ${r.designEffect.toFixed(2)}). Wilson 95% on the effective n: ${percentInterval(r.wilsonEffective)}.`
  );
}
