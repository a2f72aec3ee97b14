/**
 * An API error as a page shows it. The API's messages speak to scripts ("fix the fields listed
 * in `issues`", "the body"); a page says the same in its own terms: what could not be done, what
 * to do, and the problems listed below it.
 */
export interface ApiErrorLike {
  code: string;
  message: string;
  issues: { path: string; message: string }[];
}

export interface ErrorWords {
  /** What the page sent, as its user knows it: "the file", "the session", "the device name". */
  thing: string;
  /** The lead sentence when fields are wrong: "The session was not queued: fix the fields below." */
  invalid: string;
  /** When the server could not read the upload as JSON. */
  notJson?: string;
}

/** The one sentence a page shows above the listed problems. */
export function userErrorMessage(err: ApiErrorLike, words: ErrorWords): string {
  if (err.issues.length > 0 && (err.code === "invalid_request" || err.code.startsWith("invalid_")))
    return words.invalid;
  if (err.code === "invalid_json" && words.notJson) return words.notJson;
  return plainApiText(err.message, words.thing);
}

/** The API's script-facing words replaced by the page's: the body → `thing`, `issues` → below, no code quotes. */
export function plainApiText(message: string, thing: string): string {
  const capital = thing.charAt(0).toUpperCase() + thing.slice(1);
  return message
    .replace(/\b(listed|named|shown) in `issues`/g, "$1 below")
    .replace(/\bThe body\b/g, capital)
    .replace(/\bthe body\b/g, thing)
    .replace(/\bbody\b/g, thing)
    .replace(/`([^`]*)`/g, "$1");
}
