import type { ToolCall } from "../protocol";
import type { Check } from "../suite/check";
import { globMatcher } from "./glob";
import { compileRegex, testBounded } from "./regex";

/**
 * What a check reads, so the progress replay re-judges a milestone only when its inputs change
 * (protocol.md §3 judges after every call; re-judging unchanged inputs only repeats the verdict).
 * Without this a run of n calls costs n full judgements of the workspace, and a trace with one
 * large file and many calls held the server for a minute.
 */

/** True when a write or deletion of `path` can change the check's verdict. */
export function readsPath(check: Check, path: string): boolean {
  switch (check.kind) {
    case "file_exists":
    case "file_absent":
    case "file_regex":
      return check.path === path || (check.glob !== undefined && globMatcher(check.glob)(path));
    case "file_unchanged":
    case "new_line":
      return check.path === path;
    case "word_count":
      return check.of === "file" && check.path === path;
    case "reply_regex":
    case "call_regex":
      return false;
    case "all":
    case "any":
      return check.of.some((c) => readsPath(c, path));
    case "not":
      return readsPath(check.check, path);
  }
  return true; // an unknown kind: assume it reads everything
}

/** The `call_regex` checks within a check tree. */
export function callChecks(check: Check): Extract<Check, { kind: "call_regex" }>[] {
  if (check.kind === "call_regex") return [check];
  if (check.kind === "all" || check.kind === "any") return check.of.flatMap(callChecks);
  if (check.kind === "not") return callChecks(check.check);
  return [];
}

/** True when `call` satisfies a `call_regex` check on its own (name, ok flag and args pattern). */
export function callMatches(check: Extract<Check, { kind: "call_regex" }>, call: ToolCall): boolean {
  const re = compileRegex(check.pattern, check.flags);
  return (
    re instanceof RegExp &&
    (check.tool === undefined || call.name === check.tool) &&
    (check.ok === undefined || call.ok === check.ok) &&
    testBounded(re, JSON.stringify(call.args) ?? "")
  );
}
