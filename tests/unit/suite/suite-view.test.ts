import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SuiteView } from "@/components/suite/SuiteView";
import { SUITE_LIMITS, type Suite } from "@/domain/suite/schema";

const seed = { files: [{ path: "/todo.md", content: "- [ ] milk" }] };
const done = { files: [{ path: "/todo.md", content: "- [ ] milk\n- [ ] dentist" }] };

function suite(expectUntouched: "pass" | "fail"): Suite {
  return {
    id: "tiny",
    version: 2,
    name: "Tiny",
    tasks: [
      {
        id: "todo-dentist",
        version: 1,
        group: "files",
        heldOut: true,
        prompt: "Add the dentist to my todo list.",
        workspace: seed,
        checks: [{ kind: "new_line", id: "item", path: "/todo.md", pattern: "dentist" }],
        milestones: [
          { id: "wrote", label: "wrote the item", check: { kind: "new_line", path: "/todo.md", pattern: "dentist" } },
        ],
        fixtures: [
          { name: "right", expect: "pass", reply: "Done.", workspace: done },
          { name: "untouched", expect: expectUntouched, reply: "Done.", workspace: seed },
        ],
      },
    ],
    configs: [
      {
        id: "bash",
        version: 1,
        label: "One bash tool",
        components: { actions: "bash", planning: false, examples: false, context: "none" },
        systemPrompt: "You are on a phone.",
        tools: [{ name: "bash", description: "Run a command", parameters: {} }],
        contextWindow: 2048,
        temperature: 0.2,
        maxToolCalls: 12,
      },
    ],
  };
}

const render = (s: Suite, request?: { page: number; query: string }) =>
  renderToStaticMarkup(createElement(SuiteView, { suite: s, request }));

/** A suite at the task cap (issue 14): 1,000 small tasks of one fixture each. */
function capSized(): Suite {
  const base = suite("fail");
  const t = base.tasks[0];
  return {
    ...base,
    tasks: Array.from({ length: SUITE_LIMITS.tasks }, (_, i) => ({
      ...t,
      id: `task-${i + 1}`,
      fixtures: [t.fixtures[0]],
    })),
  };
}

describe("SuiteView", () => {
  it("renders the header, config, task and fixture verdicts", () => {
    const html = render(suite("fail"));
    expect(html).toContain("1 task (1 held out) · 1 config · 2 fixtures");
    expect(html).toContain("2 fixtures, all judged as expected");
    expect(html).toContain('data-testid="task-todo-dentist"');
    expect(html).toContain("held out");
    expect(html).toContain("<code>/todo.md</code> gains a line matching /dentist/");
    expect(html).toContain("wrote the item");
    expect(html).toMatch(
      /data-testid="fixture-todo-dentist-1"[^]*?data-testid="verdict"><span class="pill fail">fail<\/span>/,
    );
  });

  it("lists in red the fixtures whose verdict is not the expected one", () => {
    const html = render(suite("pass"));
    expect(html).toContain('class="error" data-testid="self-test"');
    expect(html).toContain("1 of 2 fixtures are not judged as expected");
    expect(html).toContain("untouched: expected pass, got fail");
    expect(html).toContain("not as expected");
  });

  it("shows, apart from the self-test, a milestone on tool calls that no right fixture lists calls for", () => {
    const s = suite("fail");
    s.tasks[0].milestones!.unshift({
      id: "searched",
      label: "searched the notes",
      check: { kind: "any", of: [{ kind: "call_regex", pattern: "grep" }] },
    });
    const html = render(s);
    expect(html).toContain("2 fixtures, all judged as expected");
    expect(html).toMatch(
      /data-testid="suite-warnings"[^]*1 warning[^]*href="\?q=todo-dentist#task-todo-dentist"[^]*milestone <code>searched<\/code> \(searched the notes\) depends on tool calls/,
    );
    expect(render(suite("fail"))).not.toContain("suite-warnings");
  });
});

describe("SuiteView of a suite at the task cap (issue 14)", () => {
  const big = capSized();
  const one = render(suite("fail")).length; // a page with one task, for scale

  it("renders one page of 50 tasks with a pager, a bounded amount of HTML", () => {
    const html = render(big);
    expect(html.match(/data-testid="task-task-\d+"/g)).toHaveLength(50);
    expect(html).toContain('data-testid="task-task-50"');
    expect(html).not.toContain('data-testid="task-task-51"');
    expect(html).toContain("Tasks 1–50 of 1,000 · page 1 of 20");
    expect(html).toContain('href="?page=2"');
    // 50 tasks' worth, not 1,000 (the whole suite renders to ~20 times this).
    expect(html.length).toBeLessThan(60 * one);
  });

  it("pages on and finds tasks by id", () => {
    const last = render(big, { page: 20, query: "" });
    expect(last).toContain('data-testid="task-task-1000"');
    expect(last).toContain('href="?page=19"');
    expect(last).not.toContain('rel="next"');
    const found = render(big, { page: 1, query: "task-999" });
    expect(found.match(/data-testid="task-task-\d+"/g)).toEqual(['data-testid="task-task-999"']);
    expect(found).toContain("Tasks 1–1 of 1 matching “task-999”");
  });
});
