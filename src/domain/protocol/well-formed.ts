import type { ValidationIssue } from "./errors";

/**
 * A string holding a lone surrogate (`"\ud800"` written as a JSON escape) is valid JSON but not
 * Unicode: SQLite stores it as invalid UTF-8 (CESU-style bytes) that other tools cannot decode,
 * and the CSV export shows replacement characters. Every body is therefore checked right after
 * it is parsed, values and object keys alike, and refused with the path of each bad string.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether `s` is well-formed UTF-16 (no lone surrogate); `isWellFormed` where the runtime has it. */
export function isWellFormedText(s: string): boolean {
  const native = (s as { isWellFormed?: () => boolean }).isWellFormed;
  return native ? native.call(s) : !LONE_SURROGATE.test(s);
}

/** A place in the value: its key and its parent's place, so a path is built only for a finding. */
interface Place {
  parent: Place | null;
  key: string | number;
}
function pathText(place: Place | null, last?: string | number): string {
  const keys: (string | number)[] = last === undefined ? [] : [last];
  for (let p = place; p && p.parent !== null; p = p.parent) keys.push(p.key);
  return keys.length ? keys.reverse().map(String).join(".") : "(body)";
}
const BAD = "holds a lone surrogate (not valid Unicode)";

/**
 * The strings and object keys of a parsed JSON value that hold a lone surrogate, as the 400's
 * `issues` (dotted paths as zod reports them; a bad key is reported at its object's path, since
 * echoing the key would echo the bad text). Walked with an explicit stack, so depth costs no
 * stack; stops after `max` findings because one is enough to refuse and the reply stays small.
 */
export function illFormedStrings(value: unknown, max = 20): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const root: Place = { parent: null, key: "" };
  if (typeof value === "string") return isWellFormedText(value) ? [] : [{ path: "(body)", message: BAD }];
  const stack: { v: unknown; place: Place }[] = [{ v: value, place: root }];
  const visit = (c: unknown, place: Place, key: string | number) => {
    if (typeof c === "string") {
      if (!isWellFormedText(c)) issues.push({ path: pathText(place, key), message: BAD });
    } else if (c !== null && typeof c === "object") stack.push({ v: c, place: { parent: place, key } });
  };
  while (stack.length && issues.length < max) {
    const { v, place } = stack.pop()!;
    if (v === null || typeof v !== "object") continue;
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) visit(v[i], place, i);
      continue;
    }
    for (const k of Object.keys(v)) {
      if (!isWellFormedText(k))
        issues.push({ path: pathText(place), message: "has a key that holds a lone surrogate (not valid Unicode)" });
      visit((v as Record<string, unknown>)[k], place, k);
    }
  }
  return issues.slice(0, max);
}

/**
 * Whether JSON text decoded from valid UTF-8 could parse to a lone surrogate: only a `\uD800`–
 * `\uDFFF` escape can produce one, so a body without such an escape (nearly all of them) skips
 * the walk above. A regex over a 5 MiB trace takes a few milliseconds; the walk, 40–90.
 */
export function mayHoldLoneSurrogate(jsonText: string): boolean {
  return /\\u[dD][89a-fA-F]/.test(jsonText);
}

/**
 * Whether every percent escape of a URL path decodes to valid UTF-8. Next.js answers a path
 * such as `/api/runs/run%ED%A0%80` (an encoded lone surrogate) or `/suites/x%ZZ` with a bare
 * 500 when it decodes the dynamic segment, so the server refuses them with a 400 first. Query
 * strings need no such check: URLSearchParams decodes bad escapes to U+FFFD, which is valid text.
 */
export function pathEscapesValid(pathname: string): boolean {
  if (!pathname.includes("%")) return true;
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}
