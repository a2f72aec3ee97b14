import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { recordRegexes } from "../../support/regex-spy";
import type { Suite } from "@/domain/suite/schema";
import { patternsOf, regexRisk } from "@/domain/suite-validation/regex-safety";
import { validateSuite } from "@/domain/suite-validation/validate";

const load = (p: string) => JSON.parse(readFileSync(p, "utf8")) as Suite;
const allPatterns = (s: Suite) =>
  s.tasks.flatMap((t) => [...t.checks, ...(t.milestones ?? []).map((m) => m.check)].flatMap(patternsOf));

/** A one-task suite whose reply check is `pattern`; its failing fixture is the text that makes `(a+)+$` blow up. */
function suiteWith(pattern: string): unknown {
  return {
    id: "evil",
    version: 1,
    tasks: [
      {
        id: "long-a",
        version: 1,
        group: "no_files",
        prompt: "Say a.",
        workspace: { files: [] },
        checks: [{ kind: "reply_regex", id: "only_a", pattern }],
        fixtures: [
          { name: "right", expect: "pass", reply: "aaaa", workspace: { files: [] } },
          { name: "wrong", expect: "fail", reply: `${"a".repeat(40)}!`, workspace: { files: [] } },
        ],
      },
    ],
    configs: [
      {
        id: "bare",
        version: 1,
        label: "bare",
        systemPrompt: "Be brief.",
        tools: [],
        components: { actions: "none", planning: false, examples: false, context: "none" },
        contextWindow: 2048,
        temperature: 0,
        maxToolCalls: 4,
      },
    ],
  };
}

describe("regexRisk", () => {
  // The textbook exponential patterns (OWASP's ReDoS examples): a repeated group that itself repeats.
  it.each([
    "(a+)+$",
    "([a-zA-Z]+)*$",
    "(a|aa)+b(c+)*",
    "(\\w+\\s?)*$",
    "(.*a){12}",
    "^(([a-z])+.)+[A-Z]([a-z])+$",
    "(?<=x)(a+)+$",
    "(of\\s+)?",
  ])("refuses %s as nested repetition", (p) => {
    expect(regexRisk(p)).toBe("nested");
  });

  it("refuses more than 25 repetitions", () => {
    expect(regexRisk("x?".repeat(26))).toBe("too_many");
    expect(regexRisk("x?".repeat(25))).toBeUndefined();
  });

  it.each([
    "\\b4\\b",
    "^- \\[ \\] .*dentist.*14 March",
    "(?<=\\$)\\d+",
    "(?<!x)a+",
    "(?<year>\\d{4})-\\d\\d",
    "\\p{L}+",
    "(?:of\\s)?\\s*nov",
    "^(?=[\\s\\S]*dentist)(?=[\\s\\S]*10:30)",
  ])("accepts %s", (p) => {
    expect(regexRisk(p)).toBeUndefined();
  });

  it("is a heuristic: overlapping alternatives under one star pass (documented in docs/security.md)", () => {
    expect(regexRisk("(a|a)*$")).toBeUndefined();
  });

  it("accepts every pattern of the default suite and of the test suites", () => {
    const patterns = [
      ...allPatterns(load("suites/phone-20.json")),
      ...allPatterns(load("tests/fixtures/suites/mini.json")),
    ];
    expect(patterns.length).toBeGreaterThan(80);
    expect(patterns.filter((p) => regexRisk(p) !== undefined)).toEqual([]);
  });
});

describe("validateSuite refuses a catastrophic pattern", () => {
  it("names the task, the check and the pattern, says what to do, and does not run the fixtures", () => {
    // Running the `wrong` fixture would take about 2^40 steps: the regexes validation runs are
    // recorded (not run), and the catastrophic one must not be among them.
    const ran = recordRegexes(["^(a+)+$"]);
    let r: ReturnType<typeof validateSuite>;
    try {
      r = validateSuite(suiteWith("^(a+)+$"));
    } finally {
      ran.restore();
    }
    expect(ran.sources).not.toContain("^(a+)+$");
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems).toEqual([
      {
        path: "tasks.0.checks.0.pattern",
        message:
          "task `long-a`, check `only_a`: pattern `^(a+)+$` can take exponential time on long text (nested repetition: a group repeated or made optional with `*`, `+`, `?` or `{…}` that itself contains one); rewrite it so no repeated or optional group contains a repetition, e.g. `a+` for `(a+)+`, `[\\w\\s]*` for `(\\w+\\s?)*`, `(?:of\\s)?\\s*` for `(of\\s+)?`",
      },
    ]);
  });

  it("names a milestone's check by the milestone when the check has no id, and a nested one by its parent", () => {
    const s = suiteWith("^a+$") as { tasks: { checks: unknown[]; milestones?: unknown[] }[] };
    s.tasks[0].checks = [
      {
        kind: "all",
        id: "both",
        of: [
          { kind: "reply_regex", pattern: "^a+$" },
          { kind: "reply_regex", pattern: "(a*)*" },
        ],
      },
    ];
    s.tasks[0].milestones = [{ id: "said_a", label: "said a", check: { kind: "reply_regex", pattern: "([a-z]+)+$" } }];
    const r = validateSuite(s);
    expect(r.ok ? [] : r.problems.map((p) => [p.path, p.message.split(":")[0]])).toEqual([
      ["tasks.0.checks.0.of.1.pattern", "task `long-a`, check `both`"],
      ["tasks.0.milestones.0.check.pattern", "task `long-a`, check `said_a`"],
    ]);
  });

  it("accepts the same suite with a safe pattern", () => {
    expect(validateSuite(suiteWith("^a+$")).ok).toBe(true);
  });
});
