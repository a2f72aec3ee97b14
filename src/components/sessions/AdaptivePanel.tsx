import { savedText, type AdaptiveSummary, type AdaptiveBounds } from "@/domain/sessions/adaptive";

/**
 * Issue 36.2: an adaptive session's decision line and what it saved against the fixed design.
 * Draws only: every number and sentence comes from src/domain/sessions/adaptive.ts via the API.
 */
export function AdaptivePanel({ a }: { a: (AdaptiveSummary & AdaptiveBounds) | null }) {
  if (!a) return null;
  const pill = a.state === "decided" ? "pill pass" : a.state === "exhausted" ? "pill warn" : "pill";
  return (
    <div className="panel" data-testid="adaptive-panel" style={{ marginTop: 16 }}>
      <h3>
        Adaptive repeats ({a.minRepeats}–{a.maxRepeats}){" "}
        <span className={pill} data-testid="adaptive-state">
          {a.state}
        </span>
      </h3>
      <p data-testid="adaptive-decision" data-state={a.state}>
        <b>{a.line}</b>
      </p>
      <p className="sub" data-testid="adaptive-saved">
        {savedText(a, a)} {a.tasksSettled} task{a.tasksSettled === 1 ? "" : "s"} settled so far; a task gets another
        pair of runs only while its runs disagree or a and b differ on it, and none once the comparison is decided.
      </p>
    </div>
  );
}
