/**
 * The deepest nesting of arrays and objects in JSON text, found by one pass over the text with
 * no recursion, stopping as soon as it passes `limit`. JSON.parse copes with any depth, but zod's
 * `z.json()`, JSON.stringify and every other recursive walk overflow the stack a few thousand
 * levels down, so bodies are bounded before they are parsed. Brackets inside strings do not count.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}
