import { proficiencyAnalytics } from "@/server/analytics/proficiency";
import { fixed } from "@/domain/analytics/proficiency";
import { integer, percent, percentInterval } from "@/domain/stats/format";
import type { SearchParams } from "@/domain/analytics/searchParams";
import { analyticsPage } from "@/components/analytics/AnalyticsPage";

export const dynamic = "force-dynamic";

const PAGE = {
  tab: "/analytics/proficiency",
  guide:
    "The local-agent proficiency check per config: does the model succeed first time, every time, without re-patching, and at what token cost?",
} as const;

export default async function ProficiencyPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return analyticsPage(searchParams, PAGE, async ({ ctx, filter }) => {
    const { configs, context } = await proficiencyAnalytics(ctx, filter);
    if (!configs.length) return null;
    return (
      <>
        <h2>Proficiency per config</h2>
        <p className="section-guide">
          pass@1 and pass^k are computed per task and averaged over tasks; a pass^k far below pass@1 means success is
          luck, not skill. Re-patches near 3 per run mean the model flails at editing.
        </p>
        <table className="compact" data-testid="proficiency-table">
          <thead>
            <tr>
              <th>Config</th>
              <th className="num">Runs</th>
              <th className="num">Tasks</th>
              <th className="num" title="chance one run passes, averaged over tasks">
                pass@1
              </th>
              <th
                className="num"
                title="chance all k runs pass (k = the sessions' repeats), averaged over tasks with k runs"
              >
                pass^k
              </th>
              <th className="num" title="writes to a file the run had already written, per run">
                Re-patches / run
              </th>
              <th className="num" title="output tokens per run">
                Output tok / run
              </th>
              <th className="num" title="prompt tokens sent over all turns, per run">
                Prompt tok / run
              </th>
            </tr>
          </thead>
          <tbody>
            {configs.map((c) => (
              <tr key={c.configId} data-testid={`prof-${c.configId}`}>
                <td className="mono">{c.configId}</td>
                <td className="num">{c.runs}</td>
                <td className="num">{c.tasks}</td>
                <td className="num" data-testid="pass-at-1">
                  {percent(c.passAt1)}
                </td>
                <td className="num" data-testid="pass-hat-k">
                  {percent(c.passHatK)}
                  <span className="sub2">
                    k = {c.k}
                    {c.tasksWithK < c.tasks ? `, ${c.tasksWithK} of ${c.tasks} tasks` : ""}
                  </span>
                </td>
                <td className="num" data-testid="repatches">
                  {fixed(c.repatchesPerRun, 2)}
                </td>
                <td className="num" data-testid="output-tokens">
                  {integer(c.outputTokensPerRun)}
                </td>
                <td className="num" data-testid="prompt-tokens">
                  {integer(c.promptTokensPerRun)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>

        <h2>Context management</h2>
        <p className="section-guide">
          For configs that elide or summarise their context: how often runs still overflowed (Wilson 95%), and how often
          each mechanism fired. Recall rarely fires in the study too.
        </p>
        {context.length === 0 ? (
          <div className="panel empty" data-testid="context-empty">
            <p className="muted">No config with context management in this selection.</p>
          </div>
        ) : (
          <table className="compact" data-testid="context-table">
            <thead>
              <tr>
                <th>Config</th>
                <th>Policy</th>
                <th className="num">Runs</th>
                <th className="num">Overflowed</th>
                <th className="num">Elide</th>
                <th className="num">Summarize</th>
                <th className="num">Recall</th>
              </tr>
            </thead>
            <tbody>
              {context.map((c) => (
                <tr key={c.configId} data-testid={`ctx-${c.configId}`}>
                  <td className="mono">{c.configId}</td>
                  <td>{c.context}</td>
                  <td className="num">{c.runs}</td>
                  <td className="num" data-testid="overflow">
                    {c.overflowRuns}/{c.runs}
                    <span className="sub2">
                      {percent(c.overflowRate)} ({percentInterval(c.overflowWilson)})
                    </span>
                  </td>
                  <td className="num">{c.elide}</td>
                  <td className="num">{c.summarize}</td>
                  <td className="num">{c.recall}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </>
    );
  });
}
