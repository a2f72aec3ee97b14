import type { ReactNode } from "react";
import { foldLabel, type EndMarker, type IdenticalRun } from "@/domain/trace";

/**
 * The turns of an identical run after its first, folded behind one line ("×12, identical: turns
 * 6–16 repeat turn 5 exactly") that opens them. A <details>, so it needs no client JavaScript, the
 * j/k keys can open it, and print styles can show its turns (app/runs/[id]/trace.css).
 */
export function LoopFold({
  run,
  ending,
  children,
}: {
  run: IdenticalRun;
  ending: EndMarker | null;
  children: ReactNode;
}) {
  const endsInside = ending !== null && ending.turn > run.from && ending.turn <= run.to;
  return (
    <details className="loop-fold" data-testid={`loop-fold-${run.from}`}>
      <summary data-testid="loop-fold-toggle">
        <span className="pill warn">×{run.count}, identical</span>{" "}
        <span>{foldLabel(run).replace(/^×\d+, identical: /, "")}</span>
        {endsInside && <span className={ending.abnormal ? "fail-text" : undefined}>; {ending.text}</span>}{" "}
        <span className="more">show them</span>
        <span className="less">hide them</span>
      </summary>
      <div className="loop-fold-body">{children}</div>
    </details>
  );
}
