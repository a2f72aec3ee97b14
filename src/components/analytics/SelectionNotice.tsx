import type { SelectionView } from "@/server/analytics/describeSelection";

/**
 * Which runs the figures below read, and what they mix, above the figures on every analytics
 * page and the budget page: a reader never takes the newest session for everything, nor a
 * pooled selection for one session.
 */
export function SelectionNotice({
  view,
  hrefFor = (id) => `/analytics?session=${encodeURIComponent(id)}`,
}: {
  view: SelectionView;
  /** This page's address reading one session (the offered complete one). */
  hrefFor?: (sessionId: string) => string;
}) {
  return (
    <div data-testid="selection-notice">
      <p className="selection-headline" data-testid="selection-headline">
        {view.headline}
      </p>
      {view.standing.length > 0 && (
        <div className="error" data-testid="selection-standing" role="alert">
          {view.standing.map((line) => (
            <p key={line} data-testid="selection-standing-line">
              {line}
            </p>
          ))}
          {view.offer && (
            <p>
              <a href={hrefFor(view.offer.id)} data-testid="selection-offer">
                Read the newest complete session, “{view.offer.name}”
              </a>
            </p>
          )}
        </div>
      )}
      {view.balance && (
        <p className="error" data-testid="selection-balance" role="alert">
          {view.balance}
        </p>
      )}
      {view.unknownLine && (
        <p className="error" data-testid="selection-unknown" role="alert">
          {view.unknownLine}
        </p>
      )}
      {view.warnings.length > 0 && (
        <div className="error compare-warning" data-testid="selection-warnings" role="alert">
          <b>This selection mixes runs that may not belong together.</b>
          <ul>
            {view.warnings.map((w) => (
              <li key={w} data-testid="selection-warning">
                {w}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
