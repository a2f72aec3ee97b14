import type { PlanStanding } from "@/domain/study/plan";

/**
 * Issue 36.3: where an analysis stands against a pre-registered plan, said where it is shown:
 * "planned" for the plan's own comparison, "exploratory" for anything else. Draws only.
 */
export function PlanStandingNote({ standing }: { standing: PlanStanding | null }) {
  if (!standing) return null;
  return (
    <p className="sub" data-testid="plan-standing" data-planned={standing.planned ? "1" : "0"}>
      {standing.planned ? (
        <span className="pill pass">planned</span>
      ) : (
        <span className="pill warn" data-testid="exploratory-label">
          exploratory
        </span>
      )}{" "}
      <span style={{ overflowWrap: "anywhere" }}>{standing.text}</span>
    </p>
  );
}
