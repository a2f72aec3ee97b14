import type { CheckState } from "../types";
import type { CheckOf, Judge, Judgement } from "./judgement";

export function any(check: CheckOf<"any">, state: CheckState, judge: Judge): Judgement {
  const results = check.of.map((c) => judge(c, state));
  const hit = results.find((r) => r.passed);
  if (hit) return { passed: true, reason: hit.reason };
  return { passed: false, reason: `none of the alternatives holds: ${results.map((r) => r.reason).join("; ")}` };
}
