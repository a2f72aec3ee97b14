import type { Check } from "../suite/check";
import { joinPath, type SuiteProblem } from "./problems";
import { regexRisk, regexRiskMessage } from "./regex-safety";

/**
 * Problems zod cannot see in one check tree: patterns that do not compile with their flags,
 * file checks that name both or neither of `path`/`glob`, word counts of a file without a path,
 * patterns that can take exponential time, and bounds that no count can satisfy. `at` is the
 * tree's dotted path; `task` and `name` (the check's or its milestone's id) name it in messages.
 */
export function lintCheck(check: Check, at: string, task = "", name?: string): SuiteProblem[] {
  const problems: SuiteProblem[] = [];
  const label = check.id ?? name;
  const who = `task \`${task}\`, ${label !== undefined ? `check \`${label}\`` : `the check at \`${at}\``}`;
  if ("pattern" in check) {
    try {
      new RegExp(check.pattern, check.flags);
      const risk = regexRisk(check.pattern);
      if (risk) problems.push({ path: joinPath(at, "pattern"), message: regexRiskMessage(who, check.pattern, risk) });
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      problems.push({
        path: joinPath(at, "pattern"),
        message: `${who}: \`${check.pattern}\` is not a valid regex with flags \`${check.flags ?? ""}\`: ${why}`,
      });
    }
  }
  if (check.kind === "file_exists" || check.kind === "file_absent" || check.kind === "file_regex") {
    if (check.path !== undefined && check.glob !== undefined) {
      problems.push({ path: at, message: `${who}: a ${check.kind} check takes either \`path\` or \`glob\`, not both` });
    } else if (check.path === undefined && check.glob === undefined) {
      problems.push({ path: at, message: `${who}: a ${check.kind} check needs a \`path\` or a \`glob\`` });
    }
  }
  if (check.kind === "word_count") {
    if (check.of === "file" && check.path === undefined) {
      problems.push({ path: at, message: `${who}: a word_count check with \`of: file\` needs a \`path\`` });
    }
    if (check.min !== undefined && check.max !== undefined && check.min > check.max) {
      problems.push({
        path: at,
        message: `${who}: \`min\` ${check.min} is more than \`max\` ${check.max}, so no count can pass`,
      });
    }
  }
  if (check.kind === "all" || check.kind === "any") {
    check.of.forEach((c, i) => problems.push(...lintCheck(c, joinPath(at, "of", i), task, label)));
  }
  if (check.kind === "not") problems.push(...lintCheck(check.check, joinPath(at, "check"), task, label));
  return problems;
}
