import { compileRegex, showPattern, testBounded } from "../regex";
import type { CheckState } from "../types";
import type { CheckOf, Judgement } from "./judgement";

export function callRegex(check: CheckOf<"call_regex">, state: CheckState): Judgement {
  const pat = showPattern(check.pattern, check.flags);
  const re = compileRegex(check.pattern, check.flags);
  if (!(re instanceof RegExp)) return { passed: false, reason: `${pat} is not a valid regex: ${re.error}` };
  const index = state.calls.findIndex(
    (c) =>
      (check.tool === undefined || c.name === check.tool) &&
      (check.ok === undefined || c.ok === check.ok) &&
      // args may be any JSON value; stringify of a malformed-but-JSON arg is still searchable
      testBounded(re, JSON.stringify(c.args) ?? ""),
  );
  if (index >= 0) {
    return { passed: true, reason: `call ${index + 1} (\`${state.calls[index].name}\`) has args matching ${pat}` };
  }
  const status = check.ok === true ? "successful " : check.ok === false ? "failed " : "";
  const what = check.tool !== undefined ? `${status}\`${check.tool}\` call` : `${status}call`;
  return { passed: false, reason: `no ${what} has args matching ${pat}` };
}
