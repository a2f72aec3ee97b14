/**
 * What this proves (issue 14, point 2): the default suite's patterns cost about one scan of the
 * text. The rewritten forms (suites/src/dsl.ts) give the same verdict as the backtracking forms
 * they replace on random texts over the characters that matter (quotes, line terminators, the
 * words looked for), and every regex of phone-20 tests a 20,000-character text built from its own
 * words (the costliest input the per-text bound lets through) in a few milliseconds; in v3 the
 * slowest took 0.1–4 s on such texts.
 */
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { firstThen, hasLines, inOneArg, sameLine } from "../../../suites/src/dsl";

const text = (tokens: string[]) => fc.array(fc.constantFrom(...tokens), { maxLength: 24 }).map((t) => t.join(""));
const same = (a: RegExp, b: RegExp, tokens: string[]) =>
  fc.assert(
    fc.property(text(tokens), (s) => a.test(s) === b.test(s)),
    { numRuns: 5_000, seed: 14 },
  );

describe("the linear forms give the verdicts of the backtracking forms", () => {
  it('inOneArg(first, then) = first[^"]*then', () => {
    for (const flags of ["", "i"]) {
      same(
        new RegExp(inOneArg("\\b(cat|head)\\b", "/d\\.md"), flags),
        new RegExp('\\b(cat|head)\\b[^"]*/d\\.md', flags),
        ["cat", "CAT", "head", " ", '"', '\\"', "/d.md", "/d", "x", "{", ":"],
      );
      same(new RegExp(inOneArg("grep", "(a|b)"), flags), new RegExp('grep[^"]*(a|b)', flags), [
        "grep",
        "gre",
        "p",
        "a",
        "B",
        '"',
        " ",
      ]);
    }
  });
  it("firstThen(first, then) = first[\\s\\S]*then, `$` included", () => {
    same(new RegExp(firstThen("w l", "o m\\s*$"), "i"), /w l[\s\S]*o m\s*$/i, [
      "w l",
      "W L",
      "o m",
      " ",
      "\n",
      "x",
      "w",
      "m",
    ]);
    same(new RegExp(firstThen("RP-8", "30 S")), /RP-8[\s\S]*30 S/, ["RP-8", "RP-", "30 S", "30", "\n", " "]);
  });
  it("sameLine(a, b) = a.*b|b.*a when neither can overlap the other", () => {
    same(new RegExp(sameLine("d-1\\b", "(hik|sam\\b)"), "i"), /d-1\b.*(hik|sam\b)|(hik|sam\b).*d-1\b/i, [
      "d-1",
      "d-12",
      "hik",
      "sam",
      "SAMx",
      " ",
      "\n",
      "\r",
      "\u2028",
      "x",
    ]);
  });
  it("hasLines(lines) = (?=[\\s\\S]*^line$)… under the m flag", () => {
    const m = /(?=[\s\S]*^- \[ \] a$)(?=[\s\S]*^- b$)/m;
    same(new RegExp(hasLines(["- [ ] a", "- b"])), m, [
      "- [ ] a",
      "- b",
      "- ",
      "a",
      "b",
      "\n",
      "\r",
      "\r\n",
      "\u2029",
      " ",
    ]);
  });
});

describe("every phone-20 pattern scans a 20,000-character text of its own words in milliseconds", () => {
  const suite = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "..", "..", "suites", "phone-20.json"), "utf8"));
  const patterns = new Map<string, { pattern: string; flags?: string; kind: string; task: string }>();
  const walk = (c: any, task: string): void => {
    if (typeof c.pattern === "string") patterns.set(`${c.pattern}/${c.flags ?? ""}`, { ...c, task });
    if (Array.isArray(c.of)) c.of.forEach((x: unknown) => walk(x, task));
    if (c.check) walk(c.check, task);
  };
  for (const t of suite.tasks) {
    t.checks.forEach((c: unknown) => walk(c, t.id));
    (t.milestones ?? []).forEach((m: { check: unknown }) => walk(m.check, t.id));
  }

  it(`${patterns.size} patterns, each under 50 ms on its costliest fill (best of three)`, () => {
    const slow: string[] = [];
    for (const p of patterns.values()) {
      const re = new RegExp(p.pattern, p.flags);
      const words = [...new Set(p.pattern.match(/[A-Za-z][A-Za-z0-9-]{2,}/g) ?? [])].slice(0, 6);
      const units = [
        "cat ",
        "- [ ] ",
        "\n",
        "a",
        " ",
        ...words.map((w) => `${w} `),
        `${words.join(" ")} `,
        `${words.join(" ")}\n`,
      ];
      for (const u of units) {
        const fill = u.repeat(Math.ceil(20_000 / u.length)).slice(0, 20_000);
        const input = p.kind === "call_regex" ? JSON.stringify({ command: fill }) : fill;
        let best = Infinity;
        for (let i = 0; i < 3 && best >= 50; i++) {
          const t = performance.now();
          re.test(input);
          best = Math.min(best, performance.now() - t);
        }
        if (best >= 50)
          slow.push(`${p.task}: ${p.pattern.slice(0, 60)} on ${JSON.stringify(u)}: ${Math.round(best)} ms`);
      }
    }
    expect(slow).toEqual([]);
  });
});
