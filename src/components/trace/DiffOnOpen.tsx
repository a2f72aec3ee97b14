"use client";
import { useEffect, useRef, useState } from "react";
import { hunks, lineDiff, type DiffLine } from "@/domain/trace";
import { Inert } from "./Inert";

/** Rows beyond this are left out of one diff: the file tree says how many lines changed. */
const MAX_ROWS = 400;
const SIGN = { same: " ", add: "+", del: "-" } as const;

/** A unified line diff of one file, with long unchanged stretches folded. */
export function DiffView({ lines }: { lines: DiffLine[] }) {
  const rows = hunks(lines);
  if (!rows.length) return <p className="muted">(empty file)</p>;
  return (
    <div className="diff" data-testid="diff">
      {rows.slice(0, MAX_ROWS).map((r, i) =>
        r.op === "skip" ? (
          <div key={i} className="dl skip">
            ⋯ {r.count} unchanged line{r.count === 1 ? "" : "s"}
          </div>
        ) : (
          <div key={i} className={`dl ${r.op}`}>
            {SIGN[r.op]} <Inert text={r.text} />
          </div>
        ),
      )}
      {rows.length > MAX_ROWS && <div className="dl skip">⋯ {rows.length - MAX_ROWS} more rows not shown</div>}
    </div>
  );
}

/**
 * A file's change as a closed <details> whose diff is drawn only once it is opened: a 200-turn
 * trace has hundreds of changes, and drawing every hidden diff on the server made the page
 * heavier (HTML, RSC payload, elements to hydrate) for rows nobody had asked to see (target 6).
 * `children` is the <summary>.
 */
export function DiffOnOpen({ before, after, children }: { before: string; after: string; children: React.ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const [shown, setShown] = useState(false);
  // opened before the page hydrated: the toggle event went unheard
  useEffect(() => {
    if (ref.current?.open) setShown(true);
  }, []);
  // Printing shows every fold (app/runs/[id]/trace.css), so a diff is drawn once the page is about to
  // print: on `beforeprint`, and when the print media query starts to match (print preview, emulation).
  useEffect(() => {
    const show = () => setShown(true);
    const print = window.matchMedia("print");
    const onChange = (e: MediaQueryListEvent) => e.matches && show();
    if (print.matches) show();
    window.addEventListener("beforeprint", show);
    print.addEventListener("change", onChange);
    return () => {
      window.removeEventListener("beforeprint", show);
      print.removeEventListener("change", onChange);
    };
  }, []);
  return (
    <details ref={ref} className="delta" data-testid="delta" onToggle={(e) => e.currentTarget.open && setShown(true)}>
      {children}
      {shown && <DiffView lines={lineDiff(before, after)} />}
    </details>
  );
}
