import { describe, expect, it } from "vitest";
import { z } from "zod";
import { toValidationIssues } from "@/domain/protocol/errors";
import { fieldLabels, issueSentence, plainIssueMessage } from "@/domain/messages/issues";
import { plainApiText, userErrorMessage } from "@/domain/messages/apiError";
import { notARunsJson, runsJsonPathLabel } from "@/domain/messages/importFile";
import { suitePathLabel } from "@/domain/messages/suitePath";

/** zod's own messages, produced here rather than copied, so a zod upgrade that rewords them fails this test. */
const zodMessages = () => {
  const S = z
    .object({
      a: z.number(),
      b: z.string(),
      c: z.number().int().min(1).max(100),
      d: z.string().min(1),
      e: z.array(z.string()).min(1),
      f: z.enum(["x", "y"]),
      j: z.number().int(),
      k: z.number().int().max(100),
    })
    .strict();
  return toValidationIssues(S.safeParse({ b: 3, c: 0, d: "", e: [], f: "q", j: 1.5, k: 101, extra: 1 }).error!);
};

describe("plainIssueMessage", () => {
  it("turns every zod default message a form can meet into words, with no type jargon left", () => {
    const out = Object.fromEntries(zodMessages().map((i) => [i.path, plainIssueMessage(i.message)]));
    expect(out).toEqual({
      a: "is missing",
      b: "must be text, not a number",
      c: "must be at least 1",
      d: "must not be empty",
      e: "needs at least one entry",
      f: "must be one of x, y",
      j: "must be a whole number",
      k: "must be at most 100",
      "(body)": "has a field this dashboard does not know (extra); remove it",
    });
    for (const text of Object.values(out)) expect(text).not.toMatch(/received|undefined|expected|Invalid/);
  });
  it("keeps a message the dashboard wrote itself", () => {
    expect(plainIssueMessage("give the session a name")).toBe("give the session a name");
  });
});

describe("issueSentence", () => {
  it("names the field as the form labels it and ends the sentence", () => {
    const label = fieldLabels({ repeats: "Repeats", configs: "Harness configs" });
    expect(issueSentence({ path: "repeats", message: "Too big: expected number to be <=100" }, label)).toBe(
      "Repeats must be at most 100.",
    );
    expect(
      issueSentence({ path: "configs.1", message: "Invalid input: expected string, received undefined" }, label),
    ).toBe("Harness configs #2 is missing.");
    expect(issueSentence({ path: "(body)", message: "nested deeper than 100 levels" }, label)).toBe(
      "Nested deeper than 100 levels.",
    );
  });
});

describe("userErrorMessage / plainApiText", () => {
  const words = { thing: "the file", invalid: "The file was not imported: fix the problems below." };
  it("leads with the page's sentence when fields are wrong", () => {
    const err = {
      code: "invalid_request",
      message: "fix the ones listed in `issues`.",
      issues: [{ path: "a", message: "x" }],
    };
    expect(userErrorMessage(err, words)).toBe(words.invalid);
  });
  it("rewrites the API's script words (body, `issues`, code quotes) in the page's terms", () => {
    expect(plainApiText("The body is larger than 262144 KiB; send a smaller one.", "the file")).toBe(
      "The file is larger than 262144 KiB; send a smaller one.",
    );
    expect(plainApiText("Some values are not valid; fix the ones listed in `issues`.", "the file")).toBe(
      "Some values are not valid; fix the ones listed below.",
    );
    expect(userErrorMessage({ code: "conflict", message: "Wait for `demo` to finish.", issues: [] }, words)).toBe(
      "Wait for demo to finish.",
    );
  });
});

describe("notARunsJson", () => {
  it("names a CSV export dropped on the import page, by name or by its header", () => {
    expect(notARunsJson("runs.csv", "run_id,session_id,…")).toMatch(
      /^This is a CSV file; import takes the runs\.json export \(Runs → Export → runs\.json\)/,
    );
    expect(notARunsJson("export", "run_id,session_id,session_name")).toMatch(/^This is a CSV file/);
    expect(notARunsJson("x.csv", "run_id,turn,prompt_tokens")).toMatch(/^This is a turns\.csv file/);
    expect(notARunsJson("x.csv", "run_id,turn,call,tool")).toMatch(/^This is a calls\.csv file/);
  });
  it("names a suite, a zip and text that is not JSON, and lets a runs.json through", () => {
    expect(notARunsJson("suite.json", '{"id":"phone-20","version":4,"tasks":[{"id":"a"}]}')).toMatch(/suite file/);
    expect(notARunsJson("report.zip", "PK\u0003\u0004")).toMatch(/zip file/);
    expect(notARunsJson("notes.txt", "hello")).toMatch(/not JSON/);
    expect(notARunsJson("runs.json", '{"version":1,"runs":[\n{"runId":"r"')).toBeNull();
  });
});

describe("path labels", () => {
  it("names a run of a runs.json by its place and id", () => {
    const label = runsJsonPathLabel({ runs: [{ runId: "run_a" }, { runId: "run_b" }] });
    expect(label(["runs", "1", "taskId"])).toBe("run 2 (run_b), taskId");
    expect(label(["runs", "7"])).toBe("run 8");
  });
  it("names a suite's task and fixture by id, not tasks.0.fixtures.0", () => {
    const doc = {
      tasks: [{ id: "dentist-todo", fixtures: [{ name: "right" }, { name: "wrong-file" }] }],
      configs: [{ id: "bash" }],
    };
    const label = suitePathLabel(doc);
    expect(label(["tasks", "0", "fixtures", "1", "calls", "0"])).toBe("task dentist-todo, fixture wrong-file, calls.0");
    expect(label(["tasks", "0", "prompt"])).toBe("task dentist-todo, prompt");
    expect(label(["configs", "0", "tools"])).toBe("config bash, tools");
    expect(label(["tasks", "3"])).toBe("task 4");
    expect(
      issueSentence(
        { path: "tasks.0.fixtures.1.reply", message: "Invalid input: expected string, received undefined" },
        label,
      ),
    ).toBe("Task dentist-todo, fixture wrong-file, reply is missing.");
  });
});
