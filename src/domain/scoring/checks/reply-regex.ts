import { compileRegex, showPattern, testBounded } from "../regex";
import type { CheckState } from "../types";
import type { CheckOf, Judgement } from "./judgement";

export function replyRegex(check: CheckOf<"reply_regex">, state: CheckState): Judgement {
  const pat = showPattern(check.pattern, check.flags);
  const re = compileRegex(check.pattern, check.flags);
  if (!(re instanceof RegExp)) return { passed: false, reason: `${pat} is not a valid regex: ${re.error}` };
  if (testBounded(re, state.reply)) return { passed: true, reason: `reply matches ${pat}` };
  return {
    passed: false,
    reason: state.reply.trim() === "" ? `reply is empty, so it does not match ${pat}` : `reply does not match ${pat}`,
  };
}
