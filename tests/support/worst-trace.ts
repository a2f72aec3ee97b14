/**
 * The worst trace the limits allow for `drafts-index-tick` × `bash` (issue 14, point 2): just under
 * the 5 MiB body cap, 120 bash calls whose command and whose one change are 20,000-character fills
 * of the words the task's own patterns look for (`cat`, `head`, `/drafts/`, todo lines), so every
 * call_regex, file_regex and new_line pattern works on the longest text the per-text bound lets
 * through, and the milestone replay re-checks after every call (each call writes a file they read).
 */
/** `length` characters of `words` repeated, each followed by a space (no `"`, so `[^"]*` runs to the end). */
export function fill(words: readonly string[], length = 20_000): string {
  let s = "";
  for (let i = 0; s.length < length; i++) s += `${words[i % words.length]} `;
  return s.slice(0, length);
}

// The costliest fills measured per pattern of the task (ms on one 20,000-character text, before
// phone-20 v4): `cat ` costs the three `\b(cat|head…)\b[^"]*/drafts/…` call patterns 150–200 ms
// each; `draft-1 ` costs `draft-1\b.*(hik|…)` ~145 ms; every fill costs the todo lookaheads ~0.7 s.
const COMMAND = ["cat"];
const CONTENT = ["draft-1", "draft-2", "cat"];

export const WORST_CALLS = 120;

/** Fields of the worst trace beyond a minimal valid one (tests/support/server.ts `traceFor`). */
export function worstTraceFields(calls = WORST_CALLS) {
  const toolCalls = Array.from({ length: calls }, (_, i) => ({
    name: "bash",
    args: { command: fill(COMMAND) },
    ok: true,
    result: "",
    changes: [{ path: i % 2 ? "/todo.md" : "/drafts/index.md", content: fill(CONTENT) }],
  }));
  return {
    turns: [
      { promptTokens: 45, contextTokens: 380, ttftMs: 320, outputTokens: 40, decodeMs: 2000, text: "…", toolCalls },
    ],
    reply: fill(CONTENT),
  };
}

/**
 * Issue 32's crafted trace for `dentist-todo-reminder` × `bash`: one turn of `calls` bash calls, each
 * writing a 4,000-character `/reminders/rN.md` that the task's glob milestone matches.
 */
export function remindersTraceFields(calls = 1000) {
  return {
    turns: [
      {
        promptTokens: 45,
        contextTokens: 380,
        ttftMs: 320,
        outputTokens: 40,
        decodeMs: 2000,
        text: "…",
        toolCalls: Array.from({ length: calls }, (_, i) => ({
          name: "bash",
          args: { command: `printf '…' > /reminders/r${i}.md` },
          ok: true,
          result: "",
          changes: [
            { path: `/reminders/r${i}.md`, content: fill(["Dentist", "14", "March", "10:30", "reminder"], 4000) },
          ],
        })),
      },
    ],
  };
}
