import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SuiteView } from "@/components/suite/SuiteView";
import type { Suite } from "@/domain/suite/schema";

const seed = { files: [{ path: "/todo.md", content: "- [ ] milk" }] };
const done = { files: [{ path: "/todo.md", content: "- [ ] milk\n- [ ] dentist" }] };

function suite(expectUntouched: "pass" | "fail"): Suite {
  return {
    id: "tiny",
    version: 2,
    name: "Tiny",
    tasks: [
      {
        id: "todo-dentist", version: 1, group: "files", heldOut: true, prompt: "Add the dentist to my todo list.", workspace: seed,
        checks: [{ kind: "new_line", id: "item", path: "/todo.md", pattern: "dentist" }],
        milestones: [{ id: "wrote", label: "wrote the item", check: { kind: "new_line", path: "/todo.md", pattern: "dentist" } }],
        fixtures: [
          { name: "right", expect: "pass", reply: "Done.", workspace: done },
          { name: "untouched", expect: expectUntouched, reply: "Done.", workspace: seed },
        ],
      },
    ],
    configs: [
      {
        id: "bash", version: 1, label: "One bash tool", components: { actions: "bash", planning: false, examples: false, context: "none" },
        systemPrompt: "You are on a phone.", tools: [{ name: "bash", description: "Run a command", parameters: {} }],
        contextWindow: 2048, temperature: 0.2, maxToolCalls: 12,
      },
    ],
  };
}

const render = (s: Suite) => renderToStaticMarkup(createElement(SuiteView, { suite: s }));

describe("SuiteView", () => {
  it("renders the header, config, task and fixture verdicts", () => {
    const html = render(suite("fail"));
    expect(html).toContain("1 task (1 held out) · 1 config · 2 fixtures");
    expect(html).toContain("2 fixtures, all judged as expected");
    expect(html).toContain('data-testid="task-todo-dentist"');
    expect(html).toContain("held out");
    expect(html).toContain("<code>/todo.md</code> gains a line matching /dentist/");
    expect(html).toContain("wrote the item");
    expect(html).toMatch(/data-testid="fixture-todo-dentist-1"[^]*?data-testid="verdict"><span class="pill fail">fail<\/span>/);
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
    s.tasks[0].milestones!.unshift({ id: "searched", label: "searched the notes", check: { kind: "any", of: [{ kind: "call_regex", pattern: "grep" }] } });
    const html = render(s);
    expect(html).toContain("2 fixtures, all judged as expected");
    expect(html).toMatch(/data-testid="suite-warnings"[^]*1 warning[^]*href="#task-todo-dentist"[^]*milestone <code>searched<\/code> \(searched the notes\) depends on tool calls/);
    expect(render(suite("fail"))).not.toContain("suite-warnings");
  });
});
