import type { Suite } from "@/domain/suite/schema";
import { CONFIGS } from "./configs";
import { FILE_TASKS } from "./tasks-files";
import { HELD_OUT_TASKS } from "./tasks-held-out";
import { MULTI_STEP_TASKS } from "./tasks-multi-step";
import { NO_FILE_TASKS } from "./tasks-no-files";
import type { Solution, SuiteTask } from "./types";

/**
 * The default suite `phone-20`: the study's 20 tasks (10 without files, 6 file tasks, 4 multi-step
 * tasks) plus 4 held-out tasks, its seven harness configurations and three context-management variants. `npx tsx scripts/build-suite.ts`
 * writes suites/phone-20.json and suites/src/sim-solutions.json
 * from this source; a unit test fails when the committed JSON is stale.
 */

const ALL: SuiteTask[] = [...NO_FILE_TASKS, ...FILE_TASKS, ...MULTI_STEP_TASKS, ...HELD_OUT_TASKS];

export function buildSuite(): Suite {
  return {
    // v2: three context-management configs (elide, summarize, staged).
    // v3: four tasks at v2 (date patterns rewritten without nested repetition for the regex-safety check).
    // v4: nine tasks bumped: their slow patterns rewritten to run in linear time, same verdicts (ADR 6).
    id: "phone-20",
    version: 4,
    name: "Phone 20",
    description:
      "Twenty everyday requests for a small on-device assistant working over one person's private files (10 that need no files, 6 single-file tasks, 4 multi-step tasks that change two files), plus 4 held-out tasks in a different voice, under the seven harness configurations of the incremental ablation (bare model, file tools, planning, one bash tool, worked examples) and three context-management variants (elide, summarize, staged). Checks judge the files left in the workspace, not the assistant's claims.",
    tasks: ALL.map((t) => t.task),
    configs: CONFIGS,
  };
}

/** A correct solution per task id, as plain data for the simulated phone. */
export function buildSolutions(): Record<string, Solution & { group: string }> {
  // The group travels with the solution: a Job does not carry it, and the simulated model's
  // behaviour depends on it (no-file tasks are answered, file tasks need calls).
  return Object.fromEntries(ALL.map((t) => [t.task.id, { group: t.task.group, ...t.solution }]));
}
