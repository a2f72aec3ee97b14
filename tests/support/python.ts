import { spawnSync } from "node:child_process";

declare module "vitest" {
  interface TaskMeta {
    /**
     * Why a test was skipped for something missing on this machine, in one line that says how to
     * install it: `npm test` (scripts/test.mjs) lists these reasons in its summary.
     */
    skipReason?: string;
  }
}

/**
 * The first Python that imports every one of `modules`: `$PYTHON` (`.ci/run` sets it to the
 * environment it installs), Debian's `/usr/bin/python3`, then the `python3` on PATH.
 */
export function findPython(modules: readonly string[]): string | undefined {
  return [process.env.PYTHON, "/usr/bin/python3", "python3"].find(
    (p) => !!p && spawnSync(p, ["-c", `import ${modules.join(", ")}`], { stdio: "ignore" }).status === 0,
  );
}

/**
 * The options of a `describe.skipIf(!python)` that needs Python: when there is none, the reason is
 * printed once per file and kept in the tests' meta for `npm test`'s summary.
 */
export function pythonSkip(python: string | undefined, file: string, reason: string) {
  if (python) return {};
  console.warn(`${file}: skipped — ${reason}`);
  return { meta: { skipReason: reason } };
}
