import { getContext } from "@/server/context";
import { filterOptions } from "@/server/analytics/filterOptions";
import { planStudy } from "@/server/analytics/plan";
import { parsePlanQuery } from "@/domain/analytics/plan";
import { readPageFilter, toUrlParams, type SearchParams } from "@/domain/analytics/searchParams";
import { PlanResult } from "@/components/plan/PlanResult";

export const dynamic = "force-dynamic";

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";

/** The study planner: how many tasks and repeats a difference of d points needs, from this suite's data. */
export default async function PlanPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams;
  const ctx = getContext();
  const filter = readPageFilter(sp);
  const q = parsePlanQuery(toUrlParams(sp));
  const sessions = (await filterOptions(ctx)).sessions;
  const chosen = new Set(filter.success ? filter.data.sessions : []);
  const problems = [
    ...(filter.success ? [] : ["the sessions"]),
    ...(q.success ? [] : q.error.issues.map((i) => i.path.join("."))),
  ];
  // A first visit (no parameters yet) shows the form and a hint, not a complaint about ψ.
  const asked = Object.keys(sp).length > 0;
  const plan = asked && filter.success && q.success ? await planStudy(ctx, filter.data, q.data) : null;
  const field = (name: string, label: string, fallback: string, hint: string) => (
    <div>
      <label htmlFor={`plan-${name}`}>{label}</label>
      <input
        id={`plan-${name}`}
        name={name}
        data-testid={`plan-${name}`}
        defaultValue={one(sp[name]) || fallback}
        inputMode="decimal"
        size={6}
        title={hint}
      />
    </div>
  );
  return (
    <>
      <h1>Plan a study</h1>
      <p className="sub">
        How many tasks and repeats a comparison of two configs needs to detect a change of a given size, from this
        suite&apos;s own data, in the unit Compare and the gate test: the task. Connor&apos;s (1987) pairs for
        McNemar&apos;s test, where a task&apos;s repeats count only as much as their disagreement makes them worth.
      </p>
      <form method="get" className="panel row" data-testid="plan-form">
        {field("delta", "Difference to detect (fraction)", "0.1", "δ: 0.1 is ten percentage points")}
        {field(
          "psi",
          "Discordant share ψ (blank: estimate)",
          "",
          "the share of paired runs where one config passed and the other failed",
        )}
        {field("alpha", "α (two-sided)", "0.05", "false-positive rate")}
        {field("power", "Power", "0.8", "chance of detecting the difference when it is there")}
        <div>
          <label htmlFor="plan-sessions">Sessions to estimate from</label>
          <select
            id="plan-sessions"
            name="session"
            multiple
            size={4}
            data-testid="plan-sessions"
            defaultValue={[...chosen]}
          >
            {sessions.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
                {s.trial ? " (trial)" : ""}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn primary" data-testid="plan-submit">
          Plan
        </button>
      </form>
      {problems.length ? (
        <div className="error" role="alert" data-testid="plan-error">
          Some values are not valid ({problems.join(", ")}): give fractions between 0 and 1, e.g. 0.1 for ten points.
        </div>
      ) : plan ? (
        <PlanResult plan={plan} />
      ) : (
        <p className="muted" data-testid="plan-hint">
          Enter ψ (the share of paired runs where one config passed and the other failed), or pick past sessions to
          estimate it and the ICC from, then Plan.
        </p>
      )}
    </>
  );
}
