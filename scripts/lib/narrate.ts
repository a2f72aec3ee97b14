/**
 * Real models think aloud: a Gemma turn usually carries a few sentences of reasoning before its
 * tool call, which makes real traces 5–50 KB where the simulator's scripted turns give 5–16 KB.
 * The seeding script widens its traces to a size drawn log-uniformly from 5–50 KB by adding such
 * prose before each turn's text, with output tokens and decode time grown to match (about four
 * characters per token at the turn's own decode speed). The prose names no tool and holds no
 * call syntax, so what is scored is unchanged; the caller scores the widened trace again anyway.
 */
import type { Trace } from "../../src/domain/protocol";

const SENTENCES = [
  "Let me look at what is in the workspace before changing anything.",
  "The note mentions a date, so I should copy it exactly rather than guess one.",
  "I will read the file first, because the rules say to read before editing.",
  "That search found a match; the next step is to open it and check the details.",
  "The list is longer than I expected, so I will keep only the items the request is about.",
  "I should not ask the user for something I can find in their own files.",
  "The folder names suggest where this belongs, but I will confirm before moving anything.",
  "Once the change is written I can say in one line what I did.",
  "The earlier result already answers part of the question, so I will not repeat that step.",
  "If this attempt fails I will read the error and try another way.",
];

/** A small deterministic generator (LCG), so a seed gives the same prose every time. */
function lcg(seed: number) {
  let s = seed >>> 0 || 1;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

/** The size to widen to: log-uniform in [max(bytes, min), max]. */
export function targetBytes(bytes: number, seed: number, min = 5 * 1024, max = 50 * 1024): number {
  const lo = Math.log(Math.max(bytes, min));
  const hi = Math.log(Math.max(bytes, max));
  return Math.round(Math.exp(lo + lcg(seed)() * (hi - lo)));
}

/** A copy of `trace` whose turns carry reasoning prose until its JSON is about `target` bytes. */
export function narrate(trace: Trace, target: number, seed: number): Trace {
  const size = Buffer.byteLength(JSON.stringify(trace));
  if (!trace.turns.length || size >= target) return trace;
  const rand = lcg(seed);
  const perTurn = Math.ceil((target - size) / trace.turns.length);
  const turns = trace.turns.map((t) => {
    let prose = "";
    while (prose.length < perTurn) prose += `${SENTENCES[Math.floor(rand() * SENTENCES.length)]} `;
    prose = `${prose.slice(0, perTurn).trimEnd()}\n`;
    const tokens = Math.round(prose.length / 4);
    const msPerToken = t.outputTokens > 0 ? t.decodeMs / t.outputTokens : 60;
    return {
      ...t,
      text: prose + t.text,
      outputTokens: t.outputTokens + tokens,
      decodeMs: t.decodeMs + Math.round(tokens * msPerToken),
    };
  });
  return { ...trace, turns };
}
