import { stableJson } from "../scoring";
import { joinPath, type SuiteProblem } from "./problems";
import type { Config, Suite, Task } from "../suite/schema";

/**
 * Runs record the task and config versions they ran, and rescoring trusts that a version names
 * one content. So an edited task or config that keeps a stored version is refused.
 */
export function lintVersions(suite: Suite, previous: readonly Suite[]): SuiteProblem[] {
  const stored = previous.filter((s) => s.id === suite.id);
  const problems: SuiteProblem[] = [];
  const check = <T extends Task | Config>(
    what: "task" | "config",
    items: T[],
    pick: (s: Suite) => T[],
    key: string,
  ) => {
    items.forEach((item, i) => {
      const olds = stored.flatMap((s) =>
        pick(s)
          .filter((o) => o.id === item.id)
          .map((o) => ({ o, suiteVersion: s.version })),
      );
      const clash = olds.find(({ o }) => o.version === item.version && stableJson(o) !== stableJson(item));
      if (!clash) return;
      const highest = Math.max(...olds.map(({ o }) => o.version));
      problems.push({
        path: joinPath(key, i, "version"),
        message: `${what} \`${item.id}\` differs from its version ${item.version} in suite \`${suite.id}\` version ${clash.suiteVersion}: bump its \`version\` (to ${highest + 1})`,
      });
    });
  };
  check("task", suite.tasks, (s) => s.tasks, "tasks");
  check("config", suite.configs, (s) => s.configs, "configs");
  // A suite version is stored once: the same version with other content would never be stored,
  // and sessions would silently keep using the old one.
  const same = stored.find((s) => s.version === suite.version);
  if (same && suiteContentKey(same) !== suiteContentKey(suite)) {
    problems.push({
      path: "version",
      message: `suite \`${suite.id}\` version ${suite.version} is already stored with other content: bump the suite's \`version\` (to ${Math.max(...stored.map((s) => s.version)) + 1})`,
    });
  }
  return problems;
}

/** Stable content key of a whole suite: equal for documents that differ only in key order. */
export function suiteContentKey(suite: Suite): string {
  return stableJson(suite);
}
