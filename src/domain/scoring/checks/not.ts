import type { CheckState } from "../types";
import type { CheckOf, Judge, Judgement } from "./judgement";

/** The inner reason already states the fact (e.g. "`/x` exists"), which is why `not` failed or passed. */
export function not(check: CheckOf<"not">, state: CheckState, judge: Judge): Judgement {
  const inner = judge(check.check, state);
  return { passed: !inner.passed, reason: inner.reason };
}
