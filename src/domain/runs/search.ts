/**
 * The runs explorer's text search (issue 34.8), as the user reads it: the words typed, each of them
 * found (AND), ignoring case, the last one also as the start of a word (`run_01JD` finds the run
 * whose id starts so). A "word" is what the search index keeps: a run of letters and digits, so
 * `my_notes.txt` is the three words `my notes txt` in a row, matched as a phrase. Punctuation alone
 * (`"`, `*`, `-`, `:`) finds nothing and is ignored; nothing typed can be read as search syntax:
 * the builders below quote every word, and a word holds letters and digits only.
 */

/** The most words a search uses; the rest are ignored (a pasted paragraph is not a search). */
export const MAX_SEARCH_WORDS = 12;
/** The longest search accepted (the contract's limit). */
export const MAX_SEARCH_LENGTH = 200;

/** A search: each word typed, as its letter-and-digit parts, lower-cased; empty when there is nothing to find. */
export type SearchWords = string[][];

const PARTS = /[\p{L}\p{N}]+/gu;

export function searchWords(q: string | undefined | null): SearchWords {
  if (!q) return [];
  return q
    .slice(0, MAX_SEARCH_LENGTH)
    .split(/\s+/u)
    .map((w) => (w.toLowerCase().match(PARTS) ?? []) as string[])
    .filter((parts) => parts.length > 0)
    .slice(0, MAX_SEARCH_WORDS);
}

/**
 * SQLite FTS5's MATCH text: each word a quoted phrase of its parts (implicitly ANDed), the last
 * one a prefix (`"run 01jd"*`). Parts hold letters and digits only, so no quote, operator or
 * column filter can reach FTS5's parser.
 */
export function ftsMatch(words: SearchWords): string {
  return words.map((parts, i) => `"${parts.join(" ")}"${i === words.length - 1 ? " *" : ""}`).join(" ");
}

/**
 * PostgreSQL's to_tsquery text: each word its parts in a row (`<->`), words joined by `&`, the
 * last part of the last word a prefix (`:*`). Each part is quoted; it holds letters and digits only.
 */
export function tsQuery(words: SearchWords): string {
  return words
    .map((parts, i) =>
      parts.map((p, j) => `'${p}'${i === words.length - 1 && j === parts.length - 1 ? ":*" : ""}`).join(" <-> "),
    )
    .map((w) => `(${w})`)
    .join(" & ");
}
