import type { PathLabel } from "./issues";

const idOf = (x: unknown, key: "id" | "name"): string | null =>
  x !== null && typeof x === "object" && typeof (x as Record<string, unknown>)[key] === "string"
    ? ((x as Record<string, unknown>)[key] as string)
    : null;

/**
 * Names a place in a suite document by ids instead of indexes: `tasks.0.fixtures.1.calls` is
 * "task dentist-todo, fixture wrong-file, calls". Indexes stay where an entry has no id (as
 * "task 3"), and the rest of the path is kept as the file spells it.
 */
export function suitePathLabel(doc: unknown): PathLabel {
  const d = (doc ?? {}) as { tasks?: unknown[]; configs?: unknown[] };
  return (path) => {
    const parts: string[] = [];
    let i = 0;
    const list = (name: "tasks" | "configs", word: string) => {
      const n = Number(path[i + 1]);
      const entry = Array.isArray(d[name]) ? d[name][n] : undefined;
      const id = idOf(entry, "id");
      parts.push(id ? `${word} ${id}` : `${word} ${n + 1}`);
      i += 2;
      return entry;
    };
    if ((path[0] === "tasks" || path[0] === "configs") && /^\d+$/.test(path[1] ?? "")) {
      const entry = list(path[0], path[0] === "tasks" ? "task" : "config");
      if (path[0] === "tasks" && path[i] === "fixtures" && /^\d+$/.test(path[i + 1] ?? "")) {
        const n = Number(path[i + 1]);
        const fixtures = (entry as { fixtures?: unknown[] } | undefined)?.fixtures;
        const name = Array.isArray(fixtures) ? idOf(fixtures[n], "name") : null;
        parts.push(name ? `fixture ${name}` : `fixture ${n + 1}`);
        i += 2;
      }
    }
    const rest = path.slice(i).join(".");
    if (rest) parts.push(rest);
    return parts.join(", ");
  };
}
