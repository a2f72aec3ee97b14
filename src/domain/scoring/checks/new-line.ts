import { clip, compileRegex, showPattern, testBounded } from "../regex";
import type { CheckState } from "../types";
import type { CheckOf, Judgement } from "./judgement";
import { contentOf } from "./target";

/** Lines split on `\n` with a trailing `\r` dropped, so CRLF and LF files compare alike. */
export function linesOf(content: string | undefined): string[] {
  if (content === undefined) return [];
  return content.split("\n").map((l) => (l.endsWith("\r") ? l.slice(0, -1) : l));
}

export function newLine(check: CheckOf<"new_line">, state: CheckState): Judgement {
  const p = `\`${check.path}\``;
  const pat = showPattern(check.pattern, check.flags);
  const re = compileRegex(check.pattern, check.flags);
  if (!(re instanceof RegExp)) return { passed: false, reason: `${pat} is not a valid regex: ${re.error}` };
  const now = contentOf(state.workspace, check.path);
  if (now === undefined) return { passed: false, reason: `${p} does not exist` };
  // a line counts as new only if no seed line equals it, so copying the seed around scores nothing
  const seedLines = new Set(linesOf(contentOf(state.seed, check.path)));
  const hit = linesOf(now).find((l) => !seedLines.has(l) && testBounded(re, l));
  return hit !== undefined
    ? { passed: true, reason: `${p} has a new line \`${clip(hit)}\` matching ${pat}` }
    : { passed: false, reason: `${p} has no new line matching ${pat}` };
}
