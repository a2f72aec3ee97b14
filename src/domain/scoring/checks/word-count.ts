import type { CheckState } from "../types";
import type { CheckOf, Judgement } from "./judgement";
import { contentOf } from "./target";

/** Whitespace-separated words; an all-blank text has none. */
export function countWords(text: string): number {
  const words = text.trim().split(/\s+/u);
  return words[0] === "" ? 0 : words.length;
}

const plural = (n: number) => `${n} ${n === 1 ? "word" : "words"}`;

export function wordCount(check: CheckOf<"word_count">, state: CheckState): Judgement {
  let subject: string;
  let text: string;
  if (check.of === "reply") {
    subject = "reply";
    text = state.reply;
  } else {
    if (check.path === undefined)
      return { passed: false, reason: "the check counts words of a file but names no `path`" };
    subject = `\`${check.path}\``;
    const content = contentOf(state.workspace, check.path);
    if (content === undefined) return { passed: false, reason: `${subject} does not exist` };
    text = content;
  }
  const n = countWords(text);
  const { min, max } = check;
  if (min !== undefined && n < min)
    return { passed: false, reason: `${subject} has ${plural(n)}, fewer than the ${min} required` };
  if (max !== undefined && n > max)
    return { passed: false, reason: `${subject} has ${plural(n)}, more than the ${max} allowed` };
  const bounds =
    min !== undefined && max !== undefined
      ? `, within ${min}–${max}`
      : min !== undefined
        ? `, at least ${min}`
        : max !== undefined
          ? `, at most ${max}`
          : "";
  return { passed: true, reason: `${subject} has ${plural(n)}${bounds}` };
}
