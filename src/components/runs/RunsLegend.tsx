/** What every mark in the runs table means, under the table (issue 16.5: no symbol without a legend). */
export function RunsLegend() {
  return (
    <div className="hint runs-legend" data-testid="runs-legend">
      <b>Legend</b>
      <span>
        <span className="mono">◆</span> held-out task (kept out of tuning)
      </span>
      <span>
        <span className="mono">2·a2</span> repeat 2, second attempt (the first lease expired or failed)
      </span>
      <span>
        <span className="pill pass">pass</span> / <span className="pill fail">fail</span> every check passed / a check
        failed
      </span>
      <span>
        <span className="pill">superseded</span> a later attempt of the same job counts instead
      </span>
      <span>
        <span className="pill warn">not scored</span> scoring ran out of time (hover for why); left out of analytics
      </span>
      <span>
        <span className="pill warn">loop</span> the agent repeated the same calls
      </span>
      <span>
        <span className="pill warn">trial</span> a trial session, kept out of analytics
      </span>
      <span>
        <span className="mono">3 (1✗)</span> tool calls, of which 1 failed
      </span>
      <span>
        TTFT: first turn&apos;s time to first token · Load: start-up prompt · Peak ctx: most tokens in context
      </span>
      <span>
        <span className="mono">–</span> not reported by the device
      </span>
      <span>Hover an outcome for its reason, a session for its full name and id.</span>
    </div>
  );
}
