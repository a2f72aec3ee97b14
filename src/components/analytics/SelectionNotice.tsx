import type { SelectionView } from "@/server/analytics/describeSelection";

/**
 * Which runs the figures below read, and what they mix, above the figures on every analytics
 * page and the budget page: a reader never takes the newest session for everything, nor a
 * pooled selection for one session.
 */
export function SelectionNotice({ view }: { view: SelectionView }) {
  return (
    <div data-testid="selection-notice">
      <p className="selection-headline" data-testid="selection-headline">
        {view.headline}
      </p>
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
