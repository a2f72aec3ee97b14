import "server-only";
import { runFixtures, type FixtureResult } from "@/domain/suite-validation/fixtures";
import type { Suite } from "@/domain/suite/schema";

/**
 * The fixture verdicts of a stored suite version, computed once per process. A suite version
 * never changes once stored (a changed task needs a version bump), yet the suite page ran every
 * fixture on every view: 1.5 s of the server's thread for a 1,000-task suite (issue 14). The few
 * most recent versions are kept; their results are small next to the suites themselves.
 */
const KEEP = 8;
const cache = new Map<string, FixtureResult[]>();

export function fixtureResults(suite: Suite): FixtureResult[] {
  const key = `${suite.id}@${suite.version}`;
  let results = cache.get(key);
  if (results) {
    cache.delete(key); // re-inserted below: most recently used last
  } else {
    results = runFixtures(suite);
    if (cache.size >= KEEP) cache.delete(cache.keys().next().value!);
  }
  cache.set(key, results);
  return results;
}
