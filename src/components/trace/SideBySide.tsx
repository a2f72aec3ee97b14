import Link from "next/link";
import { duration, integer } from "@/domain/stats/format";
import { pageOf, showsInFull, type TurnWindow } from "@/domain/trace";
import type { RunView } from "@/server/runs/getRunView";
import type { SideBySideSide } from "@/server/runs/getSideBySide";
import { Inert } from "./Inert";
import { TurnCard, TurnLine } from "./Turn";
import { VerdictPills } from "./Verdict";

type Cell = string | number | boolean | null | undefined;
const text = (v: Cell) => (v === null || v === undefined || v === "" ? "–" : String(v));

/** One side's run in a few fields: config, verdict, milestones, first TTFT, size, and where it ran. */
export function SideHeader({ label, side }: { label: "a" | "b"; side: SideBySideSide }) {
  const v = side.view;
  const run = (v?.data.run ?? {}) as Record<string, Cell>;
  return (
    <div className="panel sbs-head" data-testid={`side-${label}`}>
      <h3>
        {label}: <span className="mono">{side.config || "–"}</span>
      </h3>
      {v === null ? (
        <p className="muted" data-testid={`side-${label}-none`}>
          No run of this task and repeat on this side in the selection: pick another repeat above, or widen the
          selection on the Compare page.
        </p>
      ) : (
        <>
          <div className="row verdict">
            <VerdictPills score={v.data.score} />
            <span data-testid="milestones">
              milestones {text(run.milestonesReached)}/{text(run.milestonesTotal)}
            </span>
            <span title="time to first token of the first turn" data-testid="first-ttft">
              first TTFT {duration(run.firstTtftMs as number | null)}
            </span>
          </div>
          <p className="muted sbs-meta">
            {integer(v.turnCount)} turn{v.turnCount === 1 ? "" : "s"}, {integer(v.callCount)} tool call
            {v.callCount === 1 ? "" : "s"} · repeat {text(run.repeat)} · attempt {text(run.attempt)} · session{" "}
            <Link prefetch={false} href={`/sessions/${encodeURIComponent(text(run.sessionId))}`}>
              <Inert text={text(run.sessionName)} />
            </Link>{" "}
            ·{" "}
            <Link prefetch={false} href={`/runs/${encodeURIComponent(text(run.runId))}`} data-testid="open-run">
              open run {text(run.runId)}
            </Link>
          </p>
        </>
      )}
    </div>
  );
}

/** Turn n of one side: in full, as one line (outside the page shown in full), where the run ended, or nothing. */
function SideTurn({
  label,
  view,
  n,
  shown,
  pageHref,
}: {
  label: "a" | "b";
  view: RunView | null;
  n: number;
  shown: TurnWindow;
  pageHref: (turns: string | number) => string;
}) {
  if (!view) return <div className="sbs-cell" data-side={label} />;
  const ending = view.ending && view.ending.turn === n ? view.ending : null;
  let body: React.ReactNode = null;
  if (n <= view.turnCount) {
    body = showsInFull(shown, n) ? (
      <TurnCard turn={view.turns[n - 1]} milestonesTotal={view.milestonesTotal} ending={ending} anchor={false} />
    ) : (
      <TurnLine
        turn={n <= view.turns.length ? view.turns[n - 1] : view.lines[n - 1 - view.turns.length]}
        page={pageOf(shown, n)}
        ending={ending}
        anchor={false}
        pageHref={pageHref}
      />
    );
  } else if (n === view.turnCount + 1) {
    body = (
      <p className="muted sbs-ended" data-testid={`ended-${label}`}>
        {label} has ended: {view.turnCount} turn{view.turnCount === 1 ? "" : "s"} in all.
      </p>
    );
  }
  return (
    <div className="sbs-cell" data-side={label} data-testid={`cell-${label}`}>
      {body}
    </div>
  );
}

/**
 * The two runs' turns in rows, turn n of a beside turn n of b; the row where they diverge is
 * marked (`data-diverges`) and anchored like every row (`#turn-n`).
 */
export function AlignedTurns({
  a,
  b,
  count,
  shown,
  divergesAt,
  pageHref,
  labels,
}: {
  /** The sides' configs, over their columns. */
  labels: { a: string; b: string };
  a: RunView | null;
  b: RunView | null;
  count: number;
  shown: TurnWindow;
  divergesAt: number | null;
  pageHref: (turns: string | number) => string;
}) {
  // The shorter run's first missing turn says it has ended, beside the other's turn.
  const rows = Array.from({ length: count }, (_, i) => i + 1);
  return (
    <div className="sbs-grid" data-testid="aligned-turns">
      <div className="sbs-pair sbs-labels" aria-hidden="true">
        <b>
          a: <span className="mono">{labels.a}</span>
        </b>
        <b>
          b: <span className="mono">{labels.b}</span>
        </b>
      </div>
      {rows.map((n) => (
        <div
          key={n}
          className={`sbs-pair${divergesAt === n ? " diverges" : ""}`}
          id={`turn-${n}`}
          data-testid={`pair-${n}`}
          data-diverges={divergesAt === n ? "true" : undefined}
        >
          <SideTurn label="a" view={a} n={n} shown={shown} pageHref={pageHref} />
          <SideTurn label="b" view={b} n={n} shown={shown} pageHref={pageHref} />
        </div>
      ))}
    </div>
  );
}
