import { leaseLines, type LeaseHolder } from "@/domain/sessions";

/**
 * Who holds each leased job of the session and since when (issue 16.3): a job stuck at 95 of 96
 * names its phone, how long it has had the job and when it was last heard of. Draws only.
 */
export function LeaseHolders({ leases }: { leases: readonly LeaseHolder[] }) {
  if (!leases.length) return null;
  return (
    <div className="lease-holders" data-testid="lease-holders">
      <b>Running now</b>
      <ul>
        {leaseLines(leases).map((l) => (
          <li key={l.jobId} data-testid="lease-holder" data-job={l.jobId}>
            <span data-testid="lease-device">{l.device}</span> holds <span className="mono">{l.job}</span>{" "}
            <span className="muted">({l.detail})</span>{" "}
            <span title={l.sinceTitle} data-testid="lease-held">
              {l.held}
            </span>
            {l.turn && <>, {l.turn}</>},{" "}
            <span className="muted" title={l.lastHeardTitle}>
              {l.lastHeard}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
