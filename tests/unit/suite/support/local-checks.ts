import picomatch from "picomatch";
import type { Check } from "@/domain/suite/check";
import type { ToolCall, Workspace } from "@/domain/protocol";

/**
 * A small, independent reading of the check semantics of protocol.md §2, used only to test the
 * default suite's fixtures while the real scoring engine (src/domain/suite-validation/validate.ts) is built
 * elsewhere. It is deliberately plain so that disagreements with the engine stand out.
 */
export interface LocalState {
  workspace: Workspace;
  seed: Workspace;
  reply: string;
  calls: ToolCall[];
}

const lines = (s: string) => s.split("\n").map((l) => l.replace(/\r$/, ""));

function targets(ws: Workspace, c: { path?: string; glob?: string }) {
  if (c.path) return ws.files.filter((f) => f.path === c.path);
  if (c.glob) {
    const m = picomatch(c.glob, { dot: true });
    return ws.files.filter((f) => m(f.path));
  }
  return [];
}

export function evalCheck(check: Check, s: LocalState): boolean {
  switch (check.kind) {
    case "file_exists":
      return targets(s.workspace, check).length > 0;
    case "file_absent":
      return targets(s.workspace, check).length === 0;
    case "file_regex": {
      const re = new RegExp(check.pattern, check.flags);
      return targets(s.workspace, check).some((f) => re.test(f.content));
    }
    case "file_unchanged": {
      const now = s.workspace.files.find((f) => f.path === check.path);
      const was = s.seed.files.find((f) => f.path === check.path);
      return now?.content === was?.content && !!now === !!was;
    }
    case "new_line": {
      const now = s.workspace.files.find((f) => f.path === check.path);
      if (!now) return false;
      const old = new Set(lines(s.seed.files.find((f) => f.path === check.path)?.content ?? ""));
      const wasAbsent = !s.seed.files.some((f) => f.path === check.path);
      const re = new RegExp(check.pattern, check.flags);
      return lines(now.content).some((l) => (wasAbsent || !old.has(l)) && re.test(l));
    }
    case "reply_regex":
      return new RegExp(check.pattern, check.flags).test(s.reply);
    case "word_count": {
      let text: string | undefined = s.reply;
      if (check.of === "file") text = s.workspace.files.find((f) => f.path === check.path)?.content;
      if (text === undefined) return false;
      const n = text.split(/\s+/).filter(Boolean).length;
      return (check.min === undefined || n >= check.min) && (check.max === undefined || n <= check.max);
    }
    case "call_regex": {
      const re = new RegExp(check.pattern, check.flags);
      return s.calls.some(
        (c) =>
          (check.tool === undefined || c.name === check.tool) &&
          (check.ok === undefined || c.ok === check.ok) &&
          re.test(JSON.stringify(c.args)),
      );
    }
    case "all":
      return check.of.every((c) => evalCheck(c, s));
    case "any":
      return check.of.some((c) => evalCheck(c, s));
    case "not":
      return !evalCheck(check.check, s);
  }
}

/** The workspace after applying the changes of `calls` to `seed`. */
export function replay(seed: Workspace, calls: ToolCall[]): Workspace {
  const files = new Map(seed.files.map((f) => [f.path, f.content]));
  for (const c of calls) {
    for (const ch of c.changes ?? []) {
      if ("deleted" in ch) files.delete(ch.path);
      else files.set(ch.path, ch.content);
    }
  }
  return { files: [...files].map(([path, content]) => ({ path, content })) };
}

/** Milestones reached (by id) after each call k, per protocol.md §3 (reached once, stays reached). */
export function progress(seed: Workspace, calls: ToolCall[], milestones: { id: string; check: Check }[]): number[] {
  const reached = new Set<string>();
  return calls.map((_, k) => {
    const state: LocalState = {
      workspace: replay(seed, calls.slice(0, k + 1)),
      seed,
      reply: "",
      calls: calls.slice(0, k + 1),
    };
    for (const m of milestones) if (evalCheck(m.check, state)) reached.add(m.id);
    return reached.size;
  });
}
