import type { CheckState } from "../types";
import type { CheckOf, Judge, Judgement } from "./judgement";

export function all(check: CheckOf<"all">, state: CheckState, judge: Judge): Judgement {
  const results = check.of.map((c) => judge(c, state));
  const failed = results.filter((r) => !r.passed);
  if (failed.length === 0) return { passed: true, reason: results.map((r) => r.reason).join("; ") };
  return { passed: false, reason: failed.map((r) => r.reason).join("; ") };
}
