import { readablePattern } from "./readable-pattern";

/**
 * Compiles a suite regex. Never adds `g`/`y`: a stateful lastIndex would make `test` depend on
 * what was tested before. Returns the error message instead of throwing so a bad pattern that
 * slipped past validation fails its check with a readable reason rather than crashing a score.
 */
export function compileRegex(pattern: string, flags = ""): RegExp | { error: string } {
  try {
    return new RegExp(pattern, flags);
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
}

/**
 * The most UTF-16 code units of one text (a reply, a file, one call's args as JSON, one line) a
 * suite regex runs on; the rest is not searched. Validation refuses the exponential patterns it
 * can recognise, but a polynomial one (`\s*x$` is quadratic) still costs ~0.2 s on 10,000
 * characters, ~0.6 s on 20,000 and ~14 s on 100,000, and a trace may carry 5 MiB. Real texts are
 * far shorter: a 2,048-token context holds about 8,000 characters, and the default suite's largest
 * seed file has about 500. docs/security.md.
 */
export const REGEX_TEXT_LIMIT = 20_000;

/** `re.test` on at most the first REGEX_TEXT_LIMIT code units of `text`. */
export function testBounded(re: RegExp, text: string): boolean {
  return re.test(text.length > REGEX_TEXT_LIMIT ? text.slice(0, REGEX_TEXT_LIMIT) : text);
}

/**
 * A pattern for reason sentences: in words when it has a known shape, else in backticks with its
 * flags, compact (invisible characters named, never `\u2028`) and clipped (readable-pattern.ts).
 */
export function showPattern(pattern: string, flags?: string): string {
  return readablePattern(pattern, flags);
}

/** Shortens text quoted inside a reason so one long line cannot swamp the sentence. */
export function clip(text: string, max = 80): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join("")}…`;
}
