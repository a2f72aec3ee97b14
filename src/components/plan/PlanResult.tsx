import type { Plan } from "@/domain/analytics/plan";
import { integer } from "@/domain/stats/format";

const pts = (d: number) => `${(d * 100).toFixed(1).replace(/\.0$/, "")} points`;

/** The planner's answer: pairs, tasks × repeats, what the current suite detects, and the third-repeat count. */
export function PlanResult({ plan }: { plan: Plan }) {
  const e = plan.evidence;
  return (
    <>
      {plan.problem ? (
        <div className="error" role="alert" data-testid="plan-problem">
          {plan.problem}
        </div>
      ) : null}
      <div className="panel stats" data-testid="plan-stats">
        <div className="stat">
          <b data-testid="plan-pairs">{plan.pairs === null ? "–" : integer(plan.pairs)}</b>
          <span>
            independent pairs to detect {pts(plan.delta)} (α {plan.alpha}, power {plan.power})
          </span>
        </div>
        <div className="stat" title="share of paired runs where one config passed and the other failed">
          <b data-testid="plan-psi-value">{plan.psi === null ? "–" : plan.psi.toFixed(3)}</b>
          <span>
            ψ,{" "}
            {plan.psiSource === "sessions"
              ? "estimated from the sessions"
              : plan.psiSource === "given"
                ? "as entered"
                : "unknown"}
          </span>
        </div>
        <div className="stat" title="how much repeats of a task agree (1: a task's repeats always end alike)">
          <b data-testid="plan-icc-value">{plan.icc === null ? "–" : plan.icc.toFixed(2)}</b>
          <span>
            ICC of verdicts,{" "}
            {plan.iccSource === "sessions"
              ? "mean over the sessions' configs"
              : plan.iccSource === "given"
                ? "as entered"
                : "unknown"}
          </span>
        </div>
      </div>
      {plan.tasksByRepeats ? (
        <div className="panel">
          <h3>Tasks × repeats per config</h3>
          <p className="section-guide" data-testid="plan-unit">
            {plan.unit} Here ICC = {plan.icc!.toFixed(2)}: tasks = pairs × (1 + (repeats − 1) × ICC) ÷ repeats.
          </p>
          <table className="compact" data-testid="plan-table">
            <thead>
              <tr>
                <th className="num">Repeats</th>
                <th
                  className="num"
                  title="m ÷ (1 + (m − 1) × ICC): how many independent pairs a task run m times is worth"
                >
                  Effective repeats
                </th>
                <th className="num">Tasks</th>
                <th className="num">Runs per config</th>
              </tr>
            </thead>
            <tbody>
              {plan.tasksByRepeats.map((r) => (
                <tr key={r.repeats} data-testid={`plan-repeats-${r.repeats}`}>
                  <td className="num">{r.repeats}</td>
                  <td className="num">{r.effectiveRepeats.toFixed(2)}</td>
                  <td className="num">{integer(r.tasks)}</td>
                  <td className="num">{integer(r.runs)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : plan.pairs !== null ? (
        <p className="muted" data-testid="plan-no-icc">
          Pick sessions (or give <code>icc</code>) to turn pairs into tasks × repeats.
        </p>
      ) : null}
      {plan.current ? (
        <div className="panel" data-testid="plan-current">
          <h3>With the suite as it is</h3>
          <p>
            {plan.current.tasks} tasks × {plan.current.repeats.toFixed(1).replace(/\.0$/, "")} repeats are worth{" "}
            {plan.current.tasks} tasks × {plan.current.effectiveRepeats.toFixed(2)} effective repeats ={" "}
            {plan.current.effectivePairs.toFixed(1)} independent pairs.{" "}
            {plan.current.detectable === null ? (
              <b data-testid="plan-detectable">
                Even if every discordant pair went one way (a difference of {pts(plan.psi!)}), that many pairs would not
                detect it with power {plan.power}: add tasks.
              </b>
            ) : (
              <>
                The smallest difference detected with power {plan.power}:{" "}
                <b data-testid="plan-detectable">{pts(plan.current.detectable)}</b>.
              </>
            )}
          </p>
        </div>
      ) : null}
      {e ? (
        <div className="panel" data-testid="plan-third">
          <h3>Did a third repeat ever change a cell?</h3>
          <p>
            Of <b>{e.thirdRepeat.cells}</b> task × config cells with three or more repeats, the third repeat went
            against two agreeing ones in <b data-testid="plan-third-changed">{e.thirdRepeat.changed}</b> and broke a tie
            in {e.thirdRepeat.split}.
            {e.thirdRepeat.cells && e.thirdRepeat.changed / e.thirdRepeat.cells < 0.1
              ? " Phone time is better spent on more tasks than on more repeats."
              : ""}
          </p>
        </div>
      ) : null}
    </>
  );
}
