import { TASK_GROUPS, type Suite, type TaskGroup } from "@/domain/suite/schema";
import { runFixtures, type FixtureResult } from "@/domain/suite-validation/fixtures";
import { suiteWarnings } from "@/domain/suite-validation/lint-milestones";
import { pageTasks, type TaskPageRequest } from "@/domain/suite/page";
import { tallyTasks, taskTallySentence } from "@/domain/analytics/taskGroups";
import { ConfigList } from "./ConfigList";
import { TaskDetails } from "./TaskDetails";
import { TaskPager, TaskSearch } from "./TaskPager";
import { Ticks } from "./Ticks";
import s from "./suite.module.css";

const count = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;

/** The groups' headings, in the words the task tally uses (multi-step tasks need files too). */
const GROUP_TITLES: Record<TaskGroup, string> = {
  no_files: "Tasks that need no files",
  files: "Single-step file tasks",
  multi_step: "Multi-step file tasks",
};

/** Misjudged fixtures listed by name; past this many, a count (a broken suite can have thousands). */
const WRONG_SHOWN = 20;

function SelfTest({ results }: { results: FixtureResult[] }) {
  const wrong = results.filter((r) => !r.ok);
  if (!wrong.length) {
    return (
      <p data-testid="self-test">
        <span className="pill pass">{results.length} fixtures, all judged as expected</span>{" "}
        <span className="hint">Every deliberately right end state passes the checks and every wrong one fails.</span>
      </p>
    );
  }
  return (
    <div className="error" data-testid="self-test">
      <b>
        {wrong.length} of {results.length} fixtures are not judged as expected
      </b>
      , so this suite&apos;s checks cannot be trusted yet:
      <ul className={s.wrap}>
        {wrong.slice(0, WRONG_SHOWN).map((r) => (
          <li key={`${r.taskId}/${r.index}`}>
            <a href={`?q=${encodeURIComponent(r.taskId)}#task-${r.taskId}`} className="mono">
              {r.taskId}
            </a>{" "}
            / {r.fixture}: expected {r.expect}, got {r.got}
            {r.checks
              .filter((c) => !c.passed)
              .map((c) => (
                <div key={c.id} className="hint">
                  <span className="mono">{c.id}</span>: <Ticks text={c.reason} />
                </div>
              ))}
          </li>
        ))}
        {wrong.length > WRONG_SHOWN && <li>and {wrong.length - WRONG_SHOWN} more</li>}
      </ul>
    </div>
  );
}

/** What the fixtures cannot show (the suite is valid): amber, beside the self-test. */
function Warnings({ warnings }: { warnings: ReturnType<typeof suiteWarnings> }) {
  if (!warnings.length) return null;
  return (
    <div className="notice" data-testid="suite-warnings">
      <span className="pill warn">{count(warnings.length, "warning")}</span>{" "}
      <span className="hint">The suite is valid; these milestones are not checked by its fixtures.</span>
      <ul className={s.wrap}>
        {warnings.map((w) => (
          <li key={w.path}>
            <a href={`?q=${encodeURIComponent(w.taskId)}#task-${w.taskId}`} className="mono">
              {w.taskId}
            </a>
            : <Ticks text={w.message} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A suite, read-only: header, fixture self-test, configs, and one page of its tasks by group,
 * with a search and a pager (`?q=…&page=…`), so the page stays small for any suite. Pages pass
 * the fixture `results` from the server's per-version cache; without them they are run here.
 */
export function SuiteView({
  suite,
  request = { page: 1, query: "" },
  results = runFixtures(suite),
}: {
  suite: Suite;
  request?: TaskPageRequest;
  results?: FixtureResult[];
}) {
  const page = pageTasks(suite.tasks, request);
  const heldOut = suite.tasks.filter((t) => t.heldOut).length;
  return (
    <>
      <h1 data-testid="suite-name">{suite.name ?? suite.id}</h1>
      <p className="sub" data-testid="suite-counts">
        <span className="mono">{suite.id}</span> v{suite.version} · {count(suite.tasks.length, "task")} ({heldOut} held
        out) · {count(suite.configs.length, "config")} · {count(results.length, "fixture")}
      </p>
      <p className="sub" data-testid="suite-task-tally">
        {taskTallySentence(tallyTasks(suite.tasks), "suite")}
      </p>
      {suite.description && <p>{suite.description}</p>}
      <p className={`hint ${s.guide}`}>
        How to read this: each task opens to show its prompt, seed files, the checks that decide pass or fail, the
        milestones that measure progress, and its fixtures — right and wrong end states the checks must judge as
        expected.
      </p>

      <h2>Self-test</h2>
      <SelfTest results={results} />
      <Warnings warnings={suiteWarnings(suite)} />

      <h2>Harness configs</h2>
      <ConfigList configs={suite.configs} />

      <h2>Tasks</h2>
      <TaskSearch query={page.query} />
      <TaskPager page={page} />
      {TASK_GROUPS.map((g) => {
        const tasks = page.tasks.filter((t) => t.group === g);
        if (!tasks.length) return null;
        const inGroup = suite.tasks.filter((t) => t.group === g).length;
        return (
          <section key={g} data-testid={`group-${g}`}>
            <h3>
              {GROUP_TITLES[g]} <span className="hint">{count(inGroup, "task")} in the suite</span>
            </h3>
            <div className="panel" style={{ padding: "4px 12px" }}>
              {tasks.map((t) => (
                <TaskDetails key={t.id} task={t} results={results.filter((r) => r.taskId === t.id)} />
              ))}
            </div>
          </section>
        );
      })}
      {page.pages > 1 && <TaskPager page={page} bottom />}
    </>
  );
}
