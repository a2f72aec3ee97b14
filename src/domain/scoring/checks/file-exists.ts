import type { CheckState } from "../types";
import type { CheckOf, Judgement } from "./judgement";
import { listPaths, resolveTarget } from "./target";

export function fileExists(check: CheckOf<"file_exists">, state: CheckState): Judgement {
  const t = resolveTarget(check, state.workspace);
  if (!t.ok) return { passed: false, reason: t.reason };
  if (!t.isGlob) {
    return t.paths.length
      ? { passed: true, reason: `${t.label} exists` }
      : { passed: false, reason: `${t.label} does not exist` };
  }
  return t.paths.length
    ? { passed: true, reason: `${listPaths(t.paths)} ${t.paths.length === 1 ? "matches" : "match"} ${t.label}` }
    : { passed: false, reason: `no file matches ${t.label}` };
}
