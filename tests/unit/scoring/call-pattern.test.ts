import { describe, expect, it } from "vitest";
import { abstractCall, abstractCommand, callOkFlags, callPattern, endLabel, type EndLabel } from "@/domain/scoring";
import type { EndReason } from "@/domain/protocol";
import { call, write, ws } from "./build";

const seed = ws({ "/notes/health.md": "Dentist 3 Nov", "/todo.md": "# Todo\n" });

describe("abstractCommand: programs and path kinds, nothing that differs between repeats", () => {
  const cases: [string, string][] = [
    ["cat /notes/dentist.md", "cat <guessed path>"],
    ["cat /notes/health.md", "cat <path>"],
    ["cat /notes", "cat <dir>"],
    ["cat notes/health.md", "cat <path>"],
    ["cat ./notes/health.md", "cat <path>"],
    ["grep -ril dentist /", "grep <dir>"],
    ["grep -ril 'dentist appointment' / | head -n 5", "grep <dir> | head"],
    ["find / -name '*dentist*'", "find <dir>"],
    ["ls /notes/", "ls <dir>"],
    ["ls", "ls"],
    ["echo '- [ ] Dentist, 3 Nov' >> /todo.md", "echo >> <path>"],
    ["printf 'Dentist\\n' > /reminders/dentist.md", "printf > <new path>"],
    ["cat > /notes/summary.md <<'EOF'\nline one\nEOF", "cat > <new path>"],
    ["sed -i 's/- \\[ \\] Renew/- [x] Renew/' /todo.md", "sed <path>"],
    ["mv /notes/health.md /archive/health.md", "mv <path> <new path>"],
    ["mkdir -p /reminders && echo hi > /reminders/a.md", "mkdir <new path> && echo > <new path>"],
    ["/bin/cat /todo.md; wc -l /todo.md", "cat <path> ; wc <path>"],
    ["head -n 3 /todo.md", "head <path>"],
  ];
  it.each(cases)("%s → %s", (command, expected) => {
    expect(abstractCommand(command, seed)).toBe(expected);
  });

  it("abstracts at most the first 1,000 characters of a line: a 20,000-character `cat cat …` gives 250 operands, not 5,000", () => {
    const long = "cat ".repeat(5_000);
    expect(abstractCommand(long, seed)).toBe(abstractCommand(long.slice(0, 1_000), seed));
    expect(abstractCommand(long, seed).split(" <guessed path>")).toHaveLength(250);
  });
});

describe("abstractCall", () => {
  it("names a non-shell tool only, whatever its arguments", () => {
    expect(abstractCall(call("read_file", { path: "/nope.md" }), seed)).toBe("read_file");
    expect(abstractCall(call("read_file", "not an object"), seed)).toBe("read_file");
  });
  it("abstracts a shell call's command, and falls back to the tool name for an empty one", () => {
    expect(abstractCall(call("bash", { command: "cat /x.md" }), seed)).toBe("cat <guessed path>");
    expect(abstractCall(call("bash", { command: "   " }), seed)).toBe("bash");
  });
});

describe("endLabel", () => {
  const cases: [EndReason, string, EndLabel][] = [
    ["crash", "", "crash"],
    ["timeout", "", "crash"],
    ["cancelled", "", "crash"],
    ["context_full", "Could you?", "context full"],
    ["tool_limit", "", "tool limit"],
    ["turn_limit", "", "tool limit"],
    ["stop", "Which file is it in?", "ask"],
    ["stop", "Could you tell me where the note is.", "ask"],
    ["stop", "I couldn't find the note.", "give up"],
    ["stop", "Done: added to your todo list.", "stop"],
    ["stop", "", "stop"],
  ];
  it.each(cases)("%s with reply %j → %s", (reason, reply, expected) => {
    expect(endLabel({ end: { reason }, reply })).toBe(expected);
  });
});

describe("callPattern", () => {
  it("marks each call ✓/✗ and ends with how the run ended", () => {
    const calls = [
      call("search_files", { query: "dentist" }),
      call("read_file", { path: "/notes/health.md" }),
      call("write_file", { path: "/r.md" }),
    ];
    expect(callPattern(calls, seed, "stop")).toBe("search_files ✓ → read_file ✓ → write_file ✓ → stop");
  });
  it("is only the end when there were no calls", () => {
    expect(callPattern([], seed, "ask")).toBe("ask");
  });
  it("judges each path against the workspace as it was when the call ran", () => {
    const calls = [
      call("bash", { command: "cat /reminders/dentist.md" }, false),
      call("bash", { command: "echo hi > /reminders/dentist.md" }, true, {
        changes: [write("/reminders/dentist.md", "hi")],
      }),
      call("bash", { command: "cat /reminders/dentist.md" }),
    ];
    expect(callPattern(calls, seed, "stop")).toBe("cat <guessed path> ✗ → echo > <new path> ✓ → cat <path> ✓ → stop");
  });
  it("writes a step repeated back to back once, with ×n", () => {
    const cat = (p: string) => call("bash", { command: `cat ${p}` }, false);
    expect(callPattern([cat("/a.md"), cat("/b.md"), cat("/c.md"), call("read_file", {}, false)], seed, "give up")).toBe(
      "cat <guessed path> ✗ ×3 → read_file ✗ → give up",
    );
  });
  it("groups the same behaviour on different paths", () => {
    const a = callPattern([call("bash", { command: "cat /notes/dentist.md" }, false)], seed, "stop");
    const b = callPattern([call("bash", { command: "cat '/appointments.md'" }, false)], seed, "stop");
    expect(a).toBe(b);
  });
});

describe("callOkFlags", () => {
  it("lists each call's ok flag in order", () => {
    expect(callOkFlags([call("a", {}, true), call("b", {}, false), call("c", {}, true)])).toEqual([true, false, true]);
    expect(callOkFlags([])).toEqual([]);
  });
});
