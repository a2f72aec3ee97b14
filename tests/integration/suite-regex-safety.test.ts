import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { miniSuite } from "../support/fixtures";
import { recordRegexes } from "../support/regex-spy";
import { testDashboard, type TestDashboard } from "../support/server";

let dash: TestDashboard;
beforeEach(async () => void (dash = await testDashboard()));
afterEach(() => dash.close());

const TABLES = ["suites", "tasks", "configs"];
const counts = () => Promise.all(TABLES.map((t) => dash.count(`SELECT count(*) AS n FROM ${t}`)));

describe("POST /api/suites with a catastrophic regex", () => {
  it("answers 400 at once listing the problem, and stores nothing", async () => {
    const evil = miniSuite();
    evil.version = 2;
    // `(a+)+$` on 40 `a`s and a `!` backtracks about 2^40 times: the fixture would hang the import.
    evil.tasks[1] = {
      ...evil.tasks[1],
      version: 2,
      checks: [{ kind: "reply_regex", id: "as", pattern: "^(a+)+$" }],
      fixtures: [
        { name: "right", expect: "pass", reply: "aaa", workspace: { files: [] } },
        { name: "long", expect: "fail", reply: `${"a".repeat(40)}!`, workspace: { files: [] } },
      ],
    };
    const before = await counts();
    // The fixture would backtrack about 2^40 times: the regexes the import runs are recorded (not
    // run), and the catastrophic one must not be among them.
    const ran = recordRegexes(["^(a+)+$"]);
    let r: Awaited<ReturnType<typeof dash.call>>;
    try {
      r = await dash.call("POST", "/api/suites", { json: evil });
    } finally {
      ran.restore();
    }
    expect(ran.sources).not.toContain("^(a+)+$");
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe("invalid_suite");
    expect(r.body.error.issues).toEqual([
      {
        path: "tasks.1.checks.0.pattern",
        message: expect.stringMatching(
          /^task `sum`, check `as`: pattern `\^\(a\+\)\+\$` can take exponential time on long text .*; rewrite it/,
        ),
      },
    ]);
    expect(await counts()).toEqual(before);
    expect((await dash.call("GET", "/api/suites/mini")).body.suite.version).toBe(1);
  });
});
