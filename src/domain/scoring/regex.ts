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

/** `pattern` in backticks, with its flags when any, for reason sentences. */
export function showPattern(pattern: string, flags?: string): string {
  return flags ? `\`${pattern}\` (flags \`${flags}\`)` : `\`${pattern}\``;
}

/** Shortens text quoted inside a reason so one long line cannot swamp the sentence. */
export function clip(text: string, max = 80): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join("")}…`;
}
