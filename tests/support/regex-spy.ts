import { vi } from "vitest";

/**
 * Records the source of every regex `test`ed or `exec`ed in this thread until `restore()`. Every
 * regex runs as usual except those whose source is in `blocked`, which answer "no match" without
 * running: a test can then check that a catastrophic pattern was never run instead of timing the
 * call, and a regression shows as a failed assertion rather than a hung test.
 */
export function recordRegexes(blocked: string[]): { sources: string[]; restore: () => void } {
  const sources: string[] = [];
  const { test: realTest, exec: realExec } = RegExp.prototype;
  const test = vi.spyOn(RegExp.prototype, "test").mockImplementation(function (this: RegExp, s: string) {
    sources.push(this.source);
    return blocked.includes(this.source) ? false : realTest.call(this, s);
  });
  const exec = vi.spyOn(RegExp.prototype, "exec").mockImplementation(function (this: RegExp, s: string) {
    sources.push(this.source);
    return blocked.includes(this.source) ? null : realExec.call(this, s);
  });
  return {
    sources,
    restore: () => {
      test.mockRestore();
      exec.mockRestore();
    },
  };
}
