/**
 * A Content-Type's media type (RFC 9110 §8.3.1: `type "/" subtype *( OWS ";" OWS parameter )`),
 * parsed rather than pattern-matched: `application/x-www-form-urlencoded; x=a+json` is a form,
 * whatever its parameters say. Parameters are checked for shape and otherwise ignored.
 */
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const QUOTED = '"(?:[^"\\\\\\x00-\\x08\\x0a-\\x1f\\x7f]|\\\\[^\\x00-\\x08\\x0a-\\x1f\\x7f])*"';
// Each repetition starts with its own `;` and owns the blanks after it, so no two parts can
// match the same characters: matching stays linear on any header.
const MEDIA_TYPE = new RegExp(`^(${TOKEN})/(${TOKEN})[ \\t]*(?:;[ \\t]*(?:${TOKEN}=(?:${TOKEN}|${QUOTED})[ \\t]*)?)*$`);

export interface MediaType {
  type: string;
  subtype: string;
}

/** The lower-cased type and subtype, or null when the value is not one media type. */
export function parseMediaType(value: string): MediaType | null {
  const m = MEDIA_TYPE.exec(value.trim());
  return m ? { type: m[1].toLowerCase(), subtype: m[2].toLowerCase() } : null;
}

/** `application/json` or a structured-syntax `application/<name>+json` (RFC 6839). */
export function isJsonMediaType(value: string): boolean {
  const t = parseMediaType(value);
  return (
    t !== null &&
    t.type === "application" &&
    (t.subtype === "json" || (t.subtype.endsWith("+json") && t.subtype.length > 5))
  );
}
