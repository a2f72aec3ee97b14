/**
 * DuckDB baselines (see baselines.ts) of the comparison, family, steps, proficiency and budget
 * figures. Same rows, DuckDB's own SQL, the same pure domain functions on the rows it returns.
 */
import type { DuckDBConnection } from "@duckdb/node-api";
import { compareSides, likeForLikeWarnings, type TaskPassFacts } from "../../../src/domain/analytics/compare";
import { clusterBootstrapDiff } from "../../../src/domain/stats/bootstrap";
import {
  configOrder,
  familyPairs,
  familyTable,
  pairResult,
  type FamilyMode,
} from "../../../src/domain/analytics/family";
import {
  buildSteps,
  defaultSteps,
  pairOptions,
  stepBars,
  type PairFacts as StepPairFacts,
  type StepFacts,
} from "../../../src/domain/analytics/steps";
import { contextRows, proficiencyRows, type ContextFacts } from "../../../src/domain/analytics/proficiency";
import { DEFAULT_WHERE as W, DEFAULT_WHERE_R as WR, rows } from "./query";
import { fitMoments } from "./baselines";

type Conn = DuckDBConnection;
/** Config b against config a over every session, tasks as the unit. */
export async function compare(conn: Conn, a: string, b: string) {
  const tasks = await rows<TaskPassFacts>(
    conn,
    `SELECT task_id AS taskId, count(*) FILTER (WHERE config_id = $1) AS aRuns, coalesce(sum(passed) FILTER (WHERE config_id = $1), 0) AS aPassed,
            count(*) FILTER (WHERE config_id = $2) AS bRuns, coalesce(sum(passed) FILTER (WHERE config_id = $2), 0) AS bPassed
       FROM run_facts WHERE ${W} AND config_id IN ($1, $2) GROUP BY ALL HAVING aRuns > 0 AND bRuns > 0 ORDER BY taskId`,
    [a, b],
  );
  const seen = await rows<{ c: string; s: string; b: string; d: string; ch: number | null }>(
    conn,
    `SELECT DISTINCT config_id AS c, session_id AS s, build_commit AS b, device_id AS d, charging AS ch
       FROM run_facts WHERE ${W} AND config_id IN ($1, $2)`,
    [a, b],
  );
  const describe = (c: string) => {
    const mine = seen.filter((r) => r.c === c);
    const uniq = <T>(xs: T[]) => [...new Set(xs)];
    return {
      sessions: uniq(mine.map((r) => r.s)),
      builds: uniq(mine.map((r) => r.b)),
      devices: uniq(mine.map((r) => r.d)),
      charging: uniq(mine.map((r) => (r.ch === null ? null : !!r.ch))),
    };
  };
  return {
    a: { config: a },
    b: { config: b },
    ...compareSides(tasks),
    tasks,
    bootstrap: clusterBootstrapDiff(tasks),
    warnings: likeForLikeWarnings(describe(a), describe(b)),
  };
}

/** The configs of the selection in the sessions' own order (as `selectionConfigs`). */
export async function selectionConfigs(conn: Conn) {
  const rs = await rows<{ ids: string; c: string }>(
    conn,
    `SELECT ses.config_ids AS ids, p.c FROM (SELECT DISTINCT session_id AS s, config_id AS c FROM run_facts WHERE ${W}) p
       JOIN sessions ses ON ses.id = p.s ORDER BY ses.created_at, ses.id`,
  );
  const lists: string[][] = [];
  let last = "";
  for (const r of rs) {
    if (r.ids !== last) lists.push(JSON.parse(r.ids) as string[]);
    last = r.ids;
  }
  return configOrder(lists, [...new Set(rs.map((r) => r.c))]);
}

export async function family(conn: Conn, mode: FamilyMode) {
  const configs = await selectionConfigs(conn);
  const pairs = familyPairs(configs, mode);
  const counts = new Map<string, Map<string, { n: number; k: number }>>();
  for (const r of await rows<{ c: string; t: string; n: number; k: number }>(
    conn,
    `SELECT config_id AS c, task_id AS t, count(*) AS n, sum(passed) AS k FROM run_facts WHERE ${W} GROUP BY ALL`,
  )) {
    if (!counts.has(r.c)) counts.set(r.c, new Map());
    counts.get(r.c)!.set(r.t, { n: r.n, k: r.k });
  }
  const results = pairs.map(([a, b]) => {
    const ca = counts.get(a) ?? new Map();
    const cb = counts.get(b) ?? new Map();
    const tasks: TaskPassFacts[] = [...ca]
      .filter(([t]) => cb.has(t))
      .map(([t, x]) => ({ taskId: t, aRuns: x.n, aPassed: x.k, bRuns: cb.get(t)!.n, bPassed: cb.get(t)!.k }));
    return pairResult(a, b, compareSides(tasks));
  });
  return { mode, baseline: mode === "baseline" ? (pairs[0]?.[0] ?? null) : null, configs, rows: familyTable(results) };
}

/** Ablation steps with the default picks (one per config, from the session with most runs of it). */
export async function steps(conn: Conn) {
  const every = (
    await rows<Omit<StepPairFacts, "configOrder"> & { configIds: string }>(
      conn,
      `SELECT r.session_id AS sessionId, s.name AS sessionName, s.created_at AS createdAt, s.config_ids AS configIds,
              r.config_id AS configId, count(*) AS runs
         FROM run_facts r JOIN sessions s ON s.id = r.session_id WHERE ${WR}
        GROUP BY ALL`,
    )
  ).map(({ configIds, ...r }) => ({ ...r, configOrder: (JSON.parse(configIds) as string[]).indexOf(r.configId) }));
  const chosen = defaultSteps(every);
  const sessions = [...new Set(chosen.map((p) => p.sessionId))];
  let facts: StepFacts[] = [];
  let costs: { sessionId: string; configId: string; medianStartupTokens: number; medianLoadMs: number | null }[] = [];
  if (sessions.length) {
    const inSessions = `${W} AND session_id IN (${sessions.map((_, i) => `$${i + 1}`).join(", ")})`;
    facts = (
      await rows<Omit<StepFacts, "heldOut"> & { heldOut: number }>(
        conn,
        `SELECT session_id AS sessionId, config_id AS configId, task_group AS "group", held_out AS heldOut, count(*) AS runs,
                sum(passed) AS passed FROM run_facts WHERE ${inSessions} GROUP BY ALL ORDER BY ALL`,
        sessions,
      )
    ).map((f) => ({ ...f, heldOut: !!f.heldOut }));
    costs = await rows(
      conn,
      `SELECT session_id AS sessionId, config_id AS configId, median(startup_tokens) AS medianStartupTokens,
              median(load_ms) AS medianLoadMs FROM run_facts WHERE ${inSessions} GROUP BY ALL ORDER BY ALL`,
      sessions,
    );
  }
  const { steps: s, missing } = buildSteps(chosen, every, facts, costs, false);
  return { steps: s, missing, bars: stepBars(s), pairs: pairOptions(every) };
}

export async function proficiency(conn: Conn) {
  const tasks = await rows<{ configId: string; taskId: string; runs: number; passed: number }>(
    conn,
    `SELECT config_id AS configId, task_id AS taskId, count(*) AS runs, sum(passed) AS passed FROM run_facts WHERE ${W} GROUP BY ALL ORDER BY ALL`,
  );
  const usage = await rows<{
    configId: string;
    runs: number;
    repeats: number;
    repatches: number;
    outputTokens: number;
    promptTokens: number;
  }>(
    conn,
    `SELECT config_id AS configId, count(*) AS runs, max(repeats) AS repeats, sum(repatches) AS repatches,
            sum(output_tokens) AS outputTokens, sum(turn_prompt_tokens) AS promptTokens
       FROM run_facts WHERE ${W} GROUP BY ALL ORDER BY ALL`,
  );
  const context = await rows<ContextFacts>(
    conn,
    `SELECT configId, string_agg(DISTINCT ctx, ',' ORDER BY ctx) AS context, count(*) AS runs,
            count(*) FILTER (WHERE outcome = 'context_full' OR overflow > 0) AS overflowRuns,
            sum(elide) AS elide, sum("summarize") AS "summarize", sum(recall) AS recall
       FROM (SELECT r.config_id AS configId, json_extract_string(cf.doc, '$.components.context') AS ctx, r.outcome,
                    r.ev_overflow AS overflow, r.ev_elide AS elide, r.ev_summarize AS "summarize", r.ev_recall AS recall
               FROM run_facts r JOIN configs cf ON cf.suite_id = r.suite_id AND cf.config_id = r.config_id AND cf.version = r.config_version
              WHERE ${WR})
      WHERE ctx IS NOT NULL AND ctx <> 'none' GROUP BY configId`,
  );
  return { configs: proficiencyRows(tasks, usage), context: contextRows(context) };
}

/** The latency budget's inputs: the fit's moments and, per config of the suite, runs and medians. */
export async function budget(conn: Conn, suiteId: string) {
  const measured = await rows<{ c: string; n: number; startup: number | null; load: number | null }>(
    conn,
    `SELECT config_id AS c, count(*) AS n, median(startup_tokens) AS startup, median(load_ms) AS load
       FROM run_facts WHERE ${W} AND suite_id = $1 GROUP BY ALL`,
    [suiteId],
  );
  return [
    await fitMoments(conn),
    new Map(measured.map((r) => [r.c, { runs: r.n, startupTokens: r.startup, loadMs: r.load }])),
  ];
}
