import safeRegex from "safe-regex2";
import { clip } from "../scoring/regex";
import type { Check } from "../suite/check";

/**
 * Why a suite regex may take super-linear time, or undefined. Suite patterns run on text a phone
 * (or an imported suite's fixtures) supplies, and V8's backtracking makes `(a+)+$` on 30 `a`s and
 * a `b` take minutes, so validation refuses them. safe-regex2 judges by star height (a repeated
 * group that itself contains a repetition; it counts `?` as one) and by a cap of 25 repetitions.
 * It is a heuristic: it misses `(a|a)*` and polynomial patterns such as `\s*x$`; scoring's text
 * bound (REGEX_TEXT_LIMIT) limits what those can cost.
 */
export function regexRisk(pattern: string): "nested" | "too_many" | undefined {
  // safe-regex2's parser cannot read lookbehind; a plain group in its place keeps every quantifier.
  const readable = pattern.replace(/\(\?<[=!]/g, "(?:");
  if (!safeRegex(readable, { limit: Number.POSITIVE_INFINITY })) return "nested";
  if (!safeRegex(readable)) return "too_many";
  return undefined;
}

/** The sentence for a refused pattern; `who` names the task and the check. */
export function regexRiskMessage(who: string, pattern: string, risk: "nested" | "too_many"): string {
  const pat = `\`${clip(pattern, 200)}\``;
  return risk === "nested"
    ? `${who}: pattern ${pat} can take exponential time on long text (nested repetition: a group repeated or made optional with \`*\`, \`+\`, \`?\` or \`{…}\` that itself contains one); rewrite it so no repeated or optional group contains a repetition, e.g. \`a+\` for \`(a+)+\`, \`[\\w\\s]*\` for \`(\\w+\\s?)*\`, \`(?:of\\s)?\\s*\` for \`(of\\s+)?\``
    : `${who}: pattern ${pat} has more than 25 repetitions (\`*\`, \`+\`, \`?\`, \`{…}\`), more than the regex safety check can vouch for; split it into several checks joined with \`all\` or \`any\``;
}

/** Every regex pattern in a check tree. */
export function patternsOf(check: Check): string[] {
  if ("pattern" in check) return [check.pattern];
  if (check.kind === "all" || check.kind === "any") return check.of.flatMap(patternsOf);
  if (check.kind === "not") return patternsOf(check.check);
  return [];
}
