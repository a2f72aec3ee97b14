import type { SelectionView } from "@/server/analytics/describeSelection";
import type { FlagsToSet } from "@/domain/analytics/selection";
import type { Notice, NoticeKind } from "@/domain/analytics/notices";
import { Notices } from "@/components/Notices";

const STANDING: readonly NoticeKind[] = [
  "sessionCancelled",
  "sessionRunning",
  "sessionFailed",
  "oneRepeat",
  "trialSession",
  "passedOver",
];

/** Each sentence's test id, by what it is about (the mixes, a session's standing, the balance…). */
function itemTestId(n: Notice): string {
  if (STANDING.includes(n.kind)) return "selection-standing-line";
  if (n.kind === "unbalanced" || n.kind === "unevenRepeats") return "selection-balance";
  if (n.kind === "unknownSession") return "selection-unknown";
  if (n.kind === "hiddenRuns") return "selection-hidden";
  return "selection-warning";
}

/** The link text of the switches that bring back runs the filters leave out. */
export function includeLabel(set: FlagsToSet): string {
  if (set.includeTrial && set.includeSuperseded) return "Include trial and superseded runs";
  return set.includeTrial ? "Include trial runs" : "Include superseded runs";
}

/** The empty state's heading when a switch leaves the selected runs out. */
export function leftOutHeading(set: FlagsToSet): string {
  if (set.includeTrial && set.includeSuperseded) return "Trial and superseded runs are left out";
  return set.includeTrial ? "Trial runs are left out" : "Superseded runs are left out";
}

/**
 * Which runs the figures below read, and what they mix, above the figures on every analytics
 * page and the budget page: a reader never takes the newest session for everything, nor a
 * pooled selection for one session. The notices come at their level, most severe first.
 */
export function SelectionNotice({
  view,
  hrefFor = (id) => `/analytics?session=${encodeURIComponent(id)}`,
  hrefWith,
}: {
  view: SelectionView;
  /** This page's address reading one session (the offered complete one). */
  hrefFor?: (sessionId: string) => string;
  /** This page's address with switches turned on (the offer when trial or superseded runs are left out). */
  hrefWith?: (set: FlagsToSet) => string;
}) {
  return (
    <div data-testid="selection-notice">
      <p className="selection-headline" data-testid="selection-headline">
        {view.headline}
      </p>
      <Notices
        notices={view.notices}
        testId="selection-notices"
        itemTestId={itemTestId}
        actions={{
          hiddenRuns:
            view.hidden && hrefWith ? (
              <a href={hrefWith(view.hidden.set)} data-testid="selection-include">
                {includeLabel(view.hidden.set)}
              </a>
            ) : undefined,
        }}
      >
        {view.offer && (
          <p className="notice-offer">
            <a href={hrefFor(view.offer.id)} data-testid="selection-offer">
              Read the newest complete session, “{view.offer.name}”
            </a>
          </p>
        )}
      </Notices>
    </div>
  );
}
