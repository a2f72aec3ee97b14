export interface Collapsed {
  /** What to show before "show all": whole lines, cut at `maxChars` when a line is longer. */
  head: string;
  /** False when `head` is the whole text. */
  cut: boolean;
  /** Lines of the full text ("a\nb" has 2), for the "show all N lines" label. */
  lines: number;
}

/**
 * The first `maxLines` lines or `maxChars` characters of a text, whichever is shorter, so a
 * 1 MB tool result costs the page a screenful until the reader asks for the rest.
 */
export function collapse(text: string, maxLines = 20, maxChars = 2000): Collapsed {
  let end = -1;
  let n = 0;
  let lines = 1;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) {
    lines++;
    if (++n === maxLines && end === -1) end = i;
  }
  let cutAt = end === -1 ? text.length : end;
  if (cutAt > maxChars) cutAt = maxChars;
  // never split a surrogate pair: half an emoji renders as a replacement box
  if (cutAt < text.length && cutAt > 0 && /[\ud800-\udbff]/.test(text[cutAt - 1])) cutAt--;
  return { head: text.slice(0, cutAt), cut: cutAt < text.length, lines };
}
