import type { CheckState } from "../types";
import type { CheckOf, Judgement } from "./judgement";
import { listPaths, resolveTarget } from "./target";

export function fileAbsent(check: CheckOf<"file_absent">, state: CheckState): Judgement {
  const t = resolveTarget(check, state.workspace);
  if (!t.ok) return { passed: false, reason: t.reason };
  if (!t.isGlob) {
    return t.paths.length
      ? { passed: false, reason: `${t.label} exists` }
      : { passed: true, reason: `${t.label} does not exist` };
  }
  return t.paths.length
    ? { passed: false, reason: `${listPaths(t.paths)} ${t.paths.length === 1 ? "matches" : "match"} ${t.label}` }
    : { passed: true, reason: `no file matches ${t.label}` };
}
