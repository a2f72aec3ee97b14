/**
 * A run's verdict as two pills: passed, failed or not scored, then how it ended. The run page's
 * header and each side of the side-by-side view show it the same way.
 */
export function VerdictPills({ score }: { score: { unscorable?: unknown; passed: boolean; outcome: string } }) {
  return (
    <>
      {score.unscorable ? (
        <span
          className="pill warn"
          data-testid="passed"
          title="Rescore the session to try again; analytics leave this run out."
        >
          not scored
        </span>
      ) : score.passed ? (
        <span className="pill pass" data-testid="passed">
          passed
        </span>
      ) : (
        <span className="pill fail" data-testid="passed">
          failed
        </span>
      )}
      <span className={`pill o-${score.outcome}`} data-testid="outcome">
        {score.outcome.replace("_", " ")}
      </span>
    </>
  );
}
