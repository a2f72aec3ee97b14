import type { ReactNode } from "react";
import { SEVERITY_WORDS, noticeGroups, type Notice, type NoticeKind } from "@/domain/analytics/notices";

function NoticeItem({ n, testId, action }: { n: Notice; testId: string; action?: ReactNode }) {
  const { word, icon } = SEVERITY_WORDS[n.severity];
  return (
    <div
      className={`notice-item notice-${n.severity}`}
      role={n.severity === "misleading" ? "alert" : "status"}
      data-severity={n.severity}
      data-kind={n.kind}
    >
      <span className="notice-badge">
        <span className="notice-icon" aria-hidden="true">
          {icon}
        </span>
        {word}:
      </span>
      <span className="notice-body">
        <span data-testid={testId} data-severity={n.severity}>
          {n.text}
        </span>
        {action ? <> {action}</> : null}
      </span>
    </div>
  );
}

/**
 * Notices above the figures at their level (src/domain/analytics/notices.ts): most severe first,
 * red only for a number that may mislead, each with its word and icon besides its colour; two or
 * more notes (context) fold into one line that opens. Only red notices are alerts; the rest are
 * status lines a screen reader does not interrupt for. `itemTestId` names each sentence's element;
 * `actions` puts a link after a kind's sentence (`actionFor` after one sentence); `children` follow the list (an offer).
 */
export function Notices({
  notices,
  testId,
  itemTestId = () => "notice",
  actions = {},
  actionFor,
  children,
}: {
  notices: readonly Notice[];
  testId: string;
  itemTestId?: (n: Notice) => string;
  actions?: Partial<Record<NoticeKind, ReactNode>>;
  /** A link after one notice's sentence (one phone's row on Devices), beside or instead of its kind's. */
  actionFor?: (n: Notice) => ReactNode;
  children?: ReactNode;
}) {
  if (!notices.length && !children) return null;
  const { shown, notes, notesLabel } = noticeGroups(notices);
  const item = (n: Notice) => (
    <NoticeItem key={`${n.kind}:${n.text}`} n={n} testId={itemTestId(n)} action={actionFor?.(n) ?? actions[n.kind]} />
  );
  return (
    <div className="notices" data-testid={testId}>
      {shown.map(item)}
      {notesLabel && (
        <details className="notice-notes" data-testid="notice-notes">
          <summary data-testid="notice-notes-summary">
            <span className="notice-icon" aria-hidden="true">
              {SEVERITY_WORDS.info.icon}
            </span>
            {notesLabel}
            <span className="muted"> (context: open to read)</span>
          </summary>
          {notes.map(item)}
        </details>
      )}
      {children}
    </div>
  );
}
