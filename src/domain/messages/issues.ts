/**
 * Validation issues as a person reads them. The API's issues keep zod's wording and dotted paths
 * (scripts match on them); a page shows the same issue as a sentence that names the field as that
 * page calls it ("Repeats must be at most 100", "run 4 (run_ab12), taskId is missing").
 */
export interface Issue {
  path: string;
  message: string;
}

const KINDS: Record<string, string> = {
  number: "a number",
  int: "a whole number",
  string: "text",
  boolean: "true or false",
  array: "a list",
  object: "an object",
  null: "null",
  undefined: "nothing",
  nan: "not a number",
};
const kind = (k: string) => KINDS[k] ?? k;

/** The tail of a sentence for one of zod 4's default messages ("is missing"); other messages are kept as written. */
export function plainIssueMessage(message: string): string {
  let m: RegExpMatchArray | null;
  if (/^Invalid input: expected \w+, received undefined$/.test(message)) return "is missing";
  if (message === "Invalid input: expected int, received number") return "must be a whole number";
  if ((m = message.match(/^Invalid input: expected (\w+), received (\w+)$/)))
    return `must be ${kind(m[1])}, not ${kind(m[2])}`;
  if ((m = message.match(/^Invalid input: expected (.+)$/))) return `must be ${m[1]}`;
  if ((m = message.match(/^Too small: expected number to be >=(.+)$/))) return `must be at least ${m[1]}`;
  if ((m = message.match(/^Too small: expected number to be >(.+)$/))) return `must be more than ${m[1]}`;
  if ((m = message.match(/^Too big: expected number to be <=(.+)$/))) return `must be at most ${m[1]}`;
  if ((m = message.match(/^Too big: expected number to be <(.+)$/))) return `must be less than ${m[1]}`;
  if (message === "Too small: expected string to have >=1 characters") return "must not be empty";
  if ((m = message.match(/^Too small: expected string to have >=(\d+) characters$/)))
    return `must be at least ${m[1]} characters long`;
  if ((m = message.match(/^Too big: expected string to have <=(\d+) characters$/)))
    return `must be at most ${m[1]} characters long`;
  if ((m = message.match(/^Too small: expected array to have >=(\d+) items?$/)))
    return m[1] === "1" ? "needs at least one entry" : `needs at least ${m[1]} entries`;
  if ((m = message.match(/^Too big: expected array to have <=(\d+) items?$/))) return `takes at most ${m[1]} entries`;
  if ((m = message.match(/^Invalid option: expected one of (.+)$/)))
    return `must be one of ${m[1].replace(/"/g, "").split("|").join(", ")}`;
  if ((m = message.match(/^Unrecognized keys?: (.+)$/)))
    return `has a field this dashboard does not know (${m[1].replace(/"/g, "")}); remove it`;
  if ((m = message.match(/^Invalid string: must match pattern (.+)$/)))
    return `does not have the expected form (${m[1]})`;
  if (message === "Invalid ISO datetime") return "must be a date and time like 2026-10-14T09:00:00Z";
  if (message === "Invalid input") return "is not in a form this dashboard accepts";
  return message;
}

/** How a page names the place an issue points at; an empty string means the page as a whole. */
export type PathLabel = (path: string[]) => string;

/** One issue as a sentence: the place as the page names it, then what is wrong, capitalised and ended with a full stop. */
export function issueSentence(issue: Issue, label: PathLabel): string {
  const path = issue.path === "(body)" || issue.path === "" ? [] : issue.path.split(".");
  const where = label(path);
  const what = plainIssueMessage(issue.message);
  const text = where ? `${where} ${what}` : what;
  const cap = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(cap) ? cap : `${cap}.`;
}

/** A path label from a table of field names; unknown fields keep their own name. */
export function fieldLabels(names: Record<string, string>): PathLabel {
  return (path) =>
    path.length
      ? path.map((p, i) => (i === 0 ? (names[p] ?? p) : /^\d+$/.test(p) ? `#${Number(p) + 1}` : p)).join(" ")
      : "";
}
