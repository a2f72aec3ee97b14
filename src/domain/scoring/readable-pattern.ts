/**
 * Suite regexes as a reader can take them in (issue 34.11): the default suite writes "a line
 * reading X" as `(?:^|[\n\r\u2028\u2029])X(?:[\n\r\u2028\u2029]|$)`, and several such lines as
 * lookaheads, which printed as 300 characters of `\u2028` escapes in every "wrong result" reason.
 * Known shapes are said in words; any other pattern is shown compactly, with invisible characters
 * named (⟨LS⟩, ⟨NBSP⟩) and never as `\uXXXX`.
 */

const BREAK_CLASS = String.raw`[\n\r\u2028\u2029]`;
const NOT_BREAK_CLASS = String.raw`[^\n\r\u2028\u2029]`;
const LINE_START = String.raw`(?:^|[\n\r\u2028\u2029])`;
const LINE_END = String.raw`(?:[\n\r\u2028\u2029]|$)`;

/** Names for characters a reader cannot see, by code point. */
const NAMES: Record<number, string> = {
  0x09: "TAB",
  0x0a: "LF",
  0x0d: "CR",
  0xa0: "NBSP",
  0xad: "SHY",
  0x200b: "ZWSP",
  0x200c: "ZWNJ",
  0x200d: "ZWJ",
  0x200e: "LRM",
  0x200f: "RLM",
  0x2028: "LS",
  0x2029: "PS",
  0x2060: "WJ",
  0xfeff: "BOM",
};

const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, "0");
/** Invisible or control characters that would otherwise print as nothing, or break a line. */
const INVISIBLE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u00a0\u00ad\u061c\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2069\ufeff]/gu;

function named(code: number): string {
  return `⟨${NAMES[code] ?? `U+${hex(code)}`}⟩`;
}

/**
 * A pattern shown compactly: the line-break idioms as ⟨line start⟩, ⟨line end⟩, ⟨line break⟩;
 * `\uXXXX` escapes of invisible characters and the characters themselves as ⟨LS⟩-style names.
 * `\n`, `\r`, `\t` stay as written: readers of regexes know them.
 */
export function compactPattern(pattern: string): string {
  return pattern
    .split(LINE_START)
    .join("⟨line start⟩")
    .split(LINE_END)
    .join("⟨line end⟩")
    .split(NOT_BREAK_CLASS)
    .join("⟨not a line break⟩")
    .split(BREAK_CLASS)
    .join("⟨line break⟩")
    .replace(/(\\*)\\u(\{[0-9a-fA-F]+\}|[0-9a-fA-F]{4})/g, (all, slashes: string, code: string) => {
      // `\\u2028` is a backslash then "u2028", not an escape: an even run of backslashes before it.
      if (slashes.length % 2 === 1) return all;
      const n = parseInt(code.replace(/[{}]/g, ""), 16);
      return new RegExp(INVISIBLE.source, "u").test(String.fromCodePoint(n)) ? `${slashes}${named(n)}` : all;
    })
    .replace(INVISIBLE, (c) => named(c.codePointAt(0)!));
}

/** The text a pattern matches literally, or null when it has any regex syntax beyond escaped punctuation. */
function literal(pattern: string): string | null {
  let out = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "\\") {
      const next = pattern[i + 1];
      if (next === undefined || /[A-Za-z0-9]/.test(next)) return null;
      out += next;
      i++;
    } else if (".*+?()[]{}|^$".includes(c)) return null;
    else out += c;
  }
  return out;
}

/** Splits `(?=A)(?=B)…` (the whole string) into A, B, …, or null. Parentheses inside are balanced. */
function lookaheads(text: string): string[] | null {
  const parts: string[] = [];
  let i = 0;
  while (i < text.length) {
    if (!text.startsWith("(?=", i)) return null;
    let depth = 0;
    let j = i;
    for (; j < text.length; j++) {
      const c = text[j];
      if (c === "\\") {
        j++;
        continue;
      }
      if (c === "[") {
        // a class: skip to its closing bracket
        for (j++; j < text.length && text[j] !== "]"; j++) if (text[j] === "\\") j++;
        continue;
      }
      if (c === "(") depth++;
      if (c === ")" && --depth === 0) break;
    }
    if (j >= text.length) return null;
    parts.push(text.slice(i + 3, j));
    i = j + 1;
  }
  return parts.length ? parts : null;
}

const quote = (s: string) => `“${compactPattern(s)}”`;
const tick = (s: string) => `\`${compactPattern(s)}\``;
const withFlags = (text: string, flags?: string) => (flags ? `${text} (flags \`${flags}\`)` : text);

/** Most characters of a compact pattern shown in a reason; the rest is elided. */
export const PATTERN_SHOWN = 160;

/**
 * A suite pattern for a reason sentence: in words when it has a known shape ("the lines “- eggs”,
 * “- bread” (each a whole line, in any order)", "a line containing `draft-1\b` and `blog`"), else
 * the compact pattern in backticks, clipped, with its flags.
 */
export function readablePattern(pattern: string, flags?: string): string {
  // ^(?=[\s\S]*LINE(X))(?=[\s\S]*LINE(Y))… : every one of these lines, in any order.
  if (pattern.startsWith("^")) {
    const parts = lookaheads(pattern.slice(1));
    const lines = parts?.map((p) => {
      const pre = String.raw`[\s\S]*` + LINE_START;
      if (!p.startsWith(pre) || !p.endsWith(LINE_END)) return null;
      return literal(p.slice(pre.length, p.length - LINE_END.length));
    });
    if (lines && lines.every((l) => l !== null)) {
      const shown =
        lines.length === 1 ? `the line ${quote(lines[0]!)}` : `the lines ${lines.map((l) => quote(l!)).join(", ")}`;
      return withFlags(`${shown} (${lines.length === 1 ? "a whole line" : "each a whole line, in any order"})`, flags);
    }
  }
  // LINE_START(?=[^BR]*?A)(?=[^BR]*?B)… : one line containing each of these.
  if (pattern.startsWith(LINE_START)) {
    const parts = lookaheads(pattern.slice(LINE_START.length));
    const pre = `${NOT_BREAK_CLASS}*?`;
    if (parts && parts.every((p) => p.startsWith(pre))) {
      const each = parts.map((p) => tick(p.slice(pre.length)));
      return withFlags(`a line containing ${each.join(" and ")}`, flags);
    }
  }
  // LINE_START X LINE_END: a whole line.
  if (pattern.startsWith(LINE_START) && pattern.endsWith(LINE_END)) {
    const text = literal(pattern.slice(LINE_START.length, pattern.length - LINE_END.length));
    if (text !== null) return withFlags(`the line ${quote(text)} (a whole line)`, flags);
  }
  const compact = compactPattern(pattern);
  const chars = Array.from(compact);
  const shown = chars.length <= PATTERN_SHOWN ? compact : `${chars.slice(0, PATTERN_SHOWN - 1).join("")}…`;
  return withFlags(`\`${shown}\``, flags);
}

/**
 * A stored reason made readable for display: every backticked part shown as compactPattern does.
 * Reasons scored before readablePattern existed carry raw patterns; this reads them the same way.
 */
export function readableReason(reason: string): string {
  return reason.replace(/`([^`]*)`/g, (_all, inside: string) => `\`${compactPattern(inside)}\``);
}
