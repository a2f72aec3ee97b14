import type { Check } from "./check";
import { joinPath, type SuiteProblem } from "./problems";

/**
 * Problems zod cannot see in one check tree: patterns that do not compile with their flags,
 * file checks that name both or neither of `path`/`glob`, word counts of a file without a path,
 * and bounds that no count can satisfy. `at` is the tree's dotted path.
 */
export function lintCheck(check: Check, at: string): SuiteProblem[] {
  const problems: SuiteProblem[] = [];
  if ("pattern" in check) {
    try {
      new RegExp(check.pattern, check.flags);
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      problems.push({ path: joinPath(at, "pattern"), message: `\`${check.pattern}\` is not a valid regex with flags \`${check.flags ?? ""}\`: ${why}` });
    }
  }
  if (check.kind === "file_exists" || check.kind === "file_absent" || check.kind === "file_regex") {
    if (check.path !== undefined && check.glob !== undefined) {
      problems.push({ path: at, message: `a ${check.kind} check takes either \`path\` or \`glob\`, not both` });
    } else if (check.path === undefined && check.glob === undefined) {
      problems.push({ path: at, message: `a ${check.kind} check needs a \`path\` or a \`glob\`` });
    }
  }
  if (check.kind === "word_count") {
    if (check.of === "file" && check.path === undefined) {
      problems.push({ path: at, message: "a word_count check with `of: file` needs a `path`" });
    }
    if (check.min !== undefined && check.max !== undefined && check.min > check.max) {
      problems.push({ path: at, message: `\`min\` ${check.min} is more than \`max\` ${check.max}, so no count can pass` });
    }
  }
  if (check.kind === "all" || check.kind === "any") {
    check.of.forEach((c, i) => problems.push(...lintCheck(c, joinPath(at, "of", i))));
  }
  if (check.kind === "not") problems.push(...lintCheck(check.check, joinPath(at, "check")));
  return problems;
}
