import type { Config } from "@/domain/suite/schema";
import { BASH_TOOL, FILE_TOOLS, PLAN_TOOL } from "@/domain/suite/harness-tools";

/**
 * The seven harness configurations of the study's incremental ablation (Table 1): the bare model,
 * then file tools, planning, one bash tool in place of the file tools, and worked examples; and
 * three context-management variants of bash-plan-examples (elide, summarize, staged;
 * docs/desktop-device.md), which differ from it only in `components.context`. They build on the
 * bash config because its start-up prompt fills about 43% of the 2,048-token window, leaving a
 * history to manage; files-plan-examples starts near 90% full, where no policy has room to act.
 * Every configuration runs with a 2,048-token window, temperature 0.2 and at most 12 tool calls.
 */

const LIMITS = { contextWindow: 2048, temperature: 0.2, maxToolCalls: 12 } as const;

const BARE_PROMPT = `You are a personal assistant running entirely on the user's phone, with no internet connection and no tools. Answer the user's message yourself, as accurately and briefly as you can. The screen is small, so keep replies short.`;

const FILES_INTRO = `You are a personal assistant running entirely on the user's phone. The user's private files (notes, lists, letters, drafts and so on) are kept in a workspace that you see as /, so every path starts with /. You can look through and change these files with the tools you have been given. Use a tool when the request needs a file; otherwise answer directly. The screen is small, so keep replies short.`;

const BASH_INTRO = `You are a personal assistant running entirely on the user's phone. The user's private files (notes, lists, letters, drafts and so on) are kept in a workspace that you see as /, so every path starts with /. You can look through and change these files by running commands with the bash tool: ls, cat, head, tail, wc, grep, find, echo, printf, sed -i, mkdir, cp, mv, rm and sort, with pipes, > and >> redirection and here-documents. Use a command when the request needs a file; otherwise answer directly. The screen is small, so keep replies short.`;

const PLANNING = `When a request takes more than one step, first write a short plan with update_plan, then work through it, sending the whole list again with each finished step marked done.`;

const PLANNING_EXAMPLE = `- plan: update_plan(steps=[{"step": "find the kiln log", "done": false}])`;

/*
 * Worked examples: one example call per job. None of these files, names or words occurs in the
 * suite's tasks (tests/unit/suite/default-suite.test.ts checks this), so the examples teach how to
 * use the tools, not the answers.
 */
// Kept terse on purpose: with the file tools and the plan tool, these prompts must still leave
// room for a task in a 2,048-token window (the study's examples removed context exhaustion).
const FILE_EXAMPLES = `Examples (made-up files):
- list: list_files(path="/pottery")
- search by content: search_files(text="kiln")
- search by name: find_files(name="*glaze*")
- read: read_file(path="/pottery/glazes.txt")
- create: write_file(path="/pottery/kiln-log.txt", content="Firing 1: cone 6\\n")
- append: write_file(path="/pottery/glazes.txt", content="- celadon\\n", append=true)
- edit: edit_file(path="/pottery/glazes.txt", old_text="cone 5", new_text="cone 6")
- tick: edit_file(path="/chores/aquarium.txt", old_text="- [ ] Rinse sponge", new_text="- [x] Rinse sponge")
- copy: manage_file(action="copy", path="/pottery/kiln-log.txt", to="/shelf/kiln-log.txt")
- move: manage_file(action="move", path="/scans/scan-0042.txt", to="/pottery/scan-0042.txt")
- delete: manage_file(action="delete", path="/scans/flyer-0017.txt")
- show the user: no tool, say it in the reply.`;

const BASH_EXAMPLES = `Examples (made-up files):
- list: bash(command="ls /pottery")
- search by content: bash(command="grep -ril kiln /")
- search by name: bash(command="find / -name '*glaze*'")
- read: bash(command="cat /pottery/glazes.txt")
- create: bash(command="printf 'Firing 1: cone 6\\n' > /pottery/kiln-log.txt")
- append: bash(command="echo '- celadon' >> /pottery/glazes.txt")
- edit: bash(command="sed -i 's/cone 5/cone 6/' /pottery/glazes.txt")
- tick: bash(command="sed -i 's/- \\[ \\] Rinse sponge/- [x] Rinse sponge/' /chores/aquarium.txt")
- copy: bash(command="cp /pottery/kiln-log.txt /shelf/")
- move: bash(command="mv /scans/scan-0042.txt /pottery/")
- delete: bash(command="rm /scans/flyer-0017.txt")
- show the user: no command, say it in the reply.`;

const RULES = `Rules:
1. If the message contains the facts you need, answer from it.
2. Never guess a path: search, find or list first.
3. Read a file before changing or quoting it; copy real dates and names, never placeholders.
4. If a call fails, read the error and try another way; do not ask the user to do it.
5. Finish every part of the request, then say in one line what you changed.
6. Give exactly the number or length asked for.`;

function prompt(...parts: string[]): string {
  return parts.join("\n\n");
}

/** The example-call lines of the worked-example prompts (exported for the vocabulary test). */
export const EXAMPLE_SECTIONS = [FILE_EXAMPLES, BASH_EXAMPLES, PLANNING_EXAMPLE];

export const CONFIGS: Config[] = [
  {
    id: "bare",
    version: 1,
    label: "Bare model (no tools)",
    components: { actions: "none", planning: false, examples: false, context: "none" },
    systemPrompt: BARE_PROMPT,
    tools: [],
    ...LIMITS,
  },
  {
    id: "files",
    version: 1,
    label: "Seven file tools",
    components: { actions: "files", planning: false, examples: false, context: "none" },
    systemPrompt: FILES_INTRO,
    tools: FILE_TOOLS,
    ...LIMITS,
  },
  {
    id: "files-plan",
    version: 1,
    label: "File tools + planning",
    components: { actions: "files", planning: true, examples: false, context: "none" },
    systemPrompt: prompt(FILES_INTRO, PLANNING),
    tools: [...FILE_TOOLS, PLAN_TOOL],
    ...LIMITS,
  },
  {
    id: "bash",
    version: 1,
    label: "One bash tool",
    components: { actions: "bash", planning: false, examples: false, context: "none" },
    systemPrompt: BASH_INTRO,
    tools: [BASH_TOOL],
    ...LIMITS,
  },
  {
    id: "bash-plan",
    version: 1,
    label: "Bash + planning",
    components: { actions: "bash", planning: true, examples: false, context: "none" },
    systemPrompt: prompt(BASH_INTRO, PLANNING),
    tools: [BASH_TOOL, PLAN_TOOL],
    ...LIMITS,
  },
  {
    id: "files-plan-examples",
    version: 1,
    label: "File tools + planning + worked examples",
    components: { actions: "files", planning: true, examples: true, context: "none" },
    systemPrompt: prompt(FILES_INTRO, PLANNING, `${FILE_EXAMPLES}\n${PLANNING_EXAMPLE}`, RULES),
    tools: [...FILE_TOOLS, PLAN_TOOL],
    ...LIMITS,
  },
  {
    id: "bash-plan-examples",
    version: 1,
    label: "Bash + planning + worked examples",
    components: { actions: "bash", planning: true, examples: true, context: "none" },
    systemPrompt: prompt(BASH_INTRO, PLANNING, `${BASH_EXAMPLES}\n${PLANNING_EXAMPLE}`, RULES),
    tools: [BASH_TOOL, PLAN_TOOL],
    ...LIMITS,
  },
  ...contextVariants(),
];

/**
 * The same harness as bash-plan-examples with context management: the device elides old tool
 * outputs past 60% of the window, summarises older turns past 85%, or does both in that order.
 */
function contextVariants(): Config[] {
  const modes = [
    ["elide", "elision of old tool outputs"],
    ["summarize", "summaries of older turns"],
    ["staged", "staged elision, then summaries"],
  ] as const;
  return modes.map(([context, what]) => ({
    id: `bash-plan-examples-${context}`,
    version: 1,
    label: `Bash + planning + worked examples + ${what}`,
    components: { actions: "bash", planning: true, examples: true, context },
    systemPrompt: prompt(BASH_INTRO, PLANNING, `${BASH_EXAMPLES}\n${PLANNING_EXAMPLE}`, RULES),
    tools: [BASH_TOOL, PLAN_TOOL],
    ...LIMITS,
  }));
}
