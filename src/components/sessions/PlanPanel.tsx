import { planSentence, shortHash, type Plan } from "@/domain/study/plan";

/**
 * Issue 36.3: the session's pre-registered plan and its lock. Draws only: the sentence and the
 * hash come from src/domain/study/plan.ts and the API.
 */
export function PlanPanel({ plan }: { plan: (Plan & { sha256: string }) | null }) {
  if (!plan)
    return (
      <p className="sub" data-testid="session-plan-none">
        No pre-registered plan: every comparison on this page is exploratory.
      </p>
    );
  return (
    <p className="sub" data-testid="session-plan">
      <b>Pre-registered plan</b> · sha256{" "}
      <span className="mono" title={plan.sha256} data-testid="session-plan-hash">
        {shortHash(plan.sha256)}…
      </span>
      : <span data-testid="session-plan-text">{planSentence(plan)}</span>.
    </p>
  );
}
