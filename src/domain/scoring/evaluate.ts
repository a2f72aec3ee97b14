import type { Check } from "../suite/check";
import { all } from "./checks/all";
import { any } from "./checks/any";
import { callRegex } from "./checks/call-regex";
import { fileAbsent } from "./checks/file-absent";
import { fileExists } from "./checks/file-exists";
import { fileRegex } from "./checks/file-regex";
import { fileUnchanged } from "./checks/file-unchanged";
import type { Judgement } from "./checks/judgement";
import { newLine } from "./checks/new-line";
import { not } from "./checks/not";
import { replyRegex } from "./checks/reply-regex";
import { wordCount } from "./checks/word-count";
import type { CheckState, CheckVerdict } from "./types";

function judge(check: Check, state: CheckState): Judgement {
  switch (check.kind) {
    case "file_exists":
      return fileExists(check, state);
    case "file_absent":
      return fileAbsent(check, state);
    case "file_regex":
      return fileRegex(check, state);
    case "file_unchanged":
      return fileUnchanged(check, state);
    case "new_line":
      return newLine(check, state);
    case "reply_regex":
      return replyRegex(check, state);
    case "word_count":
      return wordCount(check, state);
    case "call_regex":
      return callRegex(check, state);
    case "all":
      return all(check, state, judge);
    case "any":
      return any(check, state, judge);
    case "not":
      return not(check, state, judge);
  }
  // unreachable for typed input; a hand-built object from outside zod still gets a verdict
  return { passed: false, reason: `unknown check kind \`${(check as { kind: unknown }).kind}\`` };
}

/** Judges one check; `defaultId` is used when the check carries no `id` (see `checkIds`). */
export function evaluateCheck(check: Check, state: CheckState, defaultId: string): CheckVerdict {
  const { passed, reason } = judge(check, state);
  return { id: check.id ?? defaultId, passed, reason };
}

/** A task's check ids: each check's `id`, else `c1`, `c2`, … by position among the top-level checks. */
export function checkIds(checks: readonly Check[]): string[] {
  return checks.map((c, i) => c.id ?? `c${i + 1}`);
}

/** Judges every top-level check of a task against one state. */
export function evaluateChecks(checks: readonly Check[], state: CheckState): CheckVerdict[] {
  return checks.map((c, i) => evaluateCheck(c, state, `c${i + 1}`));
}
