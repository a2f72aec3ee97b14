import { compileRegex, showPattern, testBounded } from "../regex";
import type { CheckState } from "../types";
import type { CheckOf, Judgement } from "./judgement";
import { contentOf, resolveTarget } from "./target";

export function fileRegex(check: CheckOf<"file_regex">, state: CheckState): Judgement {
  const t = resolveTarget(check, state.workspace);
  if (!t.ok) return { passed: false, reason: t.reason };
  const re = compileRegex(check.pattern, check.flags);
  const pat = showPattern(check.pattern, check.flags);
  if (!(re instanceof RegExp)) return { passed: false, reason: `${pat} is not a valid regex: ${re.error}` };
  if (t.paths.length === 0) {
    return { passed: false, reason: t.isGlob ? `no file matches ${t.label}` : `${t.label} does not exist` };
  }
  const hit = t.paths.find((p) => testBounded(re, contentOf(state.workspace, p) ?? ""));
  if (hit !== undefined) return { passed: true, reason: `\`${hit}\` matches ${pat}` };
  return {
    passed: false,
    reason: !t.isGlob
      ? `${t.label} does not match ${pat}`
      : t.paths.length === 1
        ? `\`${t.paths[0]}\`, the only file matching ${t.label}, does not match ${pat}`
        : `none of the ${t.paths.length} files matching ${t.label} matches ${pat}`,
  };
}
