import type { Check } from "./check";

/** A regex as a reader writes it: `/pattern/flags`. */
function regex(pattern: string, flags?: string): string {
  return `/${pattern}/${flags ?? ""}`;
}

/** The file a file check points at: "`/a.md`", "a file matching `/r/**`", or a note that it names none. */
function target(c: { path?: string; glob?: string }): string {
  if (c.path !== undefined && c.glob !== undefined) return `\`${c.path}\` (and also glob \`${c.glob}\`)`;
  if (c.path !== undefined) return `\`${c.path}\``;
  if (c.glob !== undefined) return `a file matching \`${c.glob}\``;
  return "a file (no path or glob given)";
}

function words(min?: number, max?: number): string {
  const w = (n: number) => (n === 1 ? "word" : "words");
  if (min !== undefined && max !== undefined) return min === max ? `exactly ${min} ${w(min)}` : `${min}–${max} words`;
  if (min !== undefined) return `at least ${min} ${w(min)}`;
  if (max !== undefined) return `at most ${max} ${w(max)}`;
  return "any number of words";
}

/** A sub-check inside a composite: composites are bracketed so nesting stays readable. */
function inner(check: Check): string {
  const text = describeCheck(check);
  return check.kind === "all" || check.kind === "any" || check.kind === "not" ? `(${text})` : text;
}

/**
 * One readable line saying when a check passes, e.g. "`/todo.md` gains a line matching /dentist/i".
 * Paths and tool names are in backticks, regexes are written `/pattern/flags`; it does not say the id.
 */
export function describeCheck(check: Check): string {
  switch (check.kind) {
    case "file_exists":
      return `${target(check)} exists`;
    case "file_absent":
      return check.glob !== undefined && check.path === undefined
        ? `no file matching \`${check.glob}\` exists`
        : `${target(check)} does not exist`;
    case "file_regex":
      return `${target(check)} has content matching ${regex(check.pattern, check.flags)}`;
    case "file_unchanged":
      return `\`${check.path}\` is unchanged`;
    case "new_line":
      return `\`${check.path}\` gains a line matching ${regex(check.pattern, check.flags)}`;
    case "reply_regex":
      return `reply matches ${regex(check.pattern, check.flags)}`;
    case "word_count": {
      const subject =
        check.of === "reply" ? "reply" : check.path !== undefined ? `\`${check.path}\`` : "a file (no path given)";
      return `${subject} has ${words(check.min, check.max)}`;
    }
    case "call_regex": {
      const call = check.tool !== undefined ? `a call to \`${check.tool}\`` : "a call";
      const status = check.ok === true ? " and that succeeded" : check.ok === false ? " and that failed" : "";
      return `${call} whose arguments match ${regex(check.pattern, check.flags)}${status}`;
    }
    case "all":
      return `all of: ${check.of.map(inner).join("; ")}`;
    case "any":
      return `any of: ${check.of.map(inner).join("; ")}`;
    case "not":
      return `not: ${inner(check.check)}`;
  }
  return `unknown check kind \`${(check as { kind: unknown }).kind}\``;
}
