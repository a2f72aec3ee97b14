import Link from "next/link";
import { notFound } from "next/navigation";
import "../[id]/trace.css";
import "./side-by-side.css";
import { getContext } from "@/server/context";
import { ServiceError } from "@/server/errors";
import { getSideBySide, type SideBySideQuery } from "@/server/runs/getSideBySide";
import { issueFields, readPageFilter, toUrlParams, type SearchParams } from "@/domain/analytics/searchParams";
import { divergenceSentence, turnWindow } from "@/domain/trace";
import { FilterError } from "@/components/analytics/AnalyticsHeader";
import { AlignedTurns, SideHeader } from "@/components/trace/SideBySide";
import { TurnPager } from "@/components/trace/Turn";
import { Inert } from "@/components/trace/Inert";

export const dynamic = "force-dynamic";

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) || undefined;

/** The page's own parameters beside the comparison's filter (which carries `task` and the sessions). */
const OWN = ["a", "b", "aSession", "bSession", "repeat", "aRun", "bRun", "turns"] as const;

export default async function SideBySidePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams;
  const parsed = readPageFilter(sp);
  if (!parsed.success) return <FilterError fields={issueFields(parsed.error)} href="/analytics/compare" />;
  const filter = parsed.data;
  const a = one(sp.a);
  const b = one(sp.b);
  const repeat = Number(one(sp.repeat));
  const q: SideBySideQuery = {
    filter,
    a: a ? { config: a, session: one(sp.aSession) } : undefined,
    b: b ? { config: b, session: one(sp.bSession) } : undefined,
    task: filter.task,
    repeat: Number.isInteger(repeat) ? repeat : undefined,
    aRun: one(sp.aRun),
    bRun: one(sp.bRun),
    turns: one(sp.turns),
  };
  let view;
  try {
    view = await getSideBySide(getContext(), q);
  } catch (err) {
    if (err instanceof ServiceError && err.code === "not_found") notFound();
    if (err instanceof ServiceError && err.code === "invalid_request")
      return (
        <>
          <h1>Side by side</h1>
          <div className="panel empty" data-testid="side-by-side-empty">
            <p className="muted">
              {err.message} The{" "}
              <Link prefetch={false} href="/analytics/compare">
                Compare page
              </Link>{" "}
              links every task to its two traces side by side.
            </p>
          </div>
        </>
      );
    throw err;
  }

  // This page's address with some parameters changed (null drops one).
  const params = toUrlParams(sp);
  const href = (changes: Partial<Record<(typeof OWN)[number], string | null>>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) v === null || v === undefined ? p.delete(k) : p.set(k, v);
    return `/runs/side-by-side?${p.toString()}`;
  };
  const pageHref = (turns: string | number) => href({ turns: String(turns) });
  const compareHref = (() => {
    const p = new URLSearchParams(params);
    for (const k of [...OWN, "task"]) if (k !== "a" && k !== "b" && k !== "aSession" && k !== "bSession") p.delete(k);
    if (view.task) p.set("diffTask", view.task);
    return `/analytics/compare?${p.toString()}`;
  })();
  const shown = turnWindow(view.turnCount, q.turns);
  const d = view.divergence;
  const divergesAt = d?.kind === "diverge" ? d.turn : null;

  return (
    <>
      <div className="row" style={{ justifyContent: "space-between" }}>
        <h1 data-testid="side-by-side-title">
          Side by side{view.task ? <span className="mono"> · {view.task}</span> : null}
        </h1>
        {q.a && q.b ? (
          <Link prefetch={false} href={compareHref} data-testid="back-to-compare">
            ← back to Compare
          </Link>
        ) : null}
      </div>
      <p className="section-guide">
        Two runs of the same task, turn n of a beside turn n of b. They diverge at the first turn whose tool calls
        differ (by tool or by arguments, key order ignored) or where one run has ended; differing texts alone do not
        count.
      </p>

      {view.repeats.length > 0 && (
        <nav className="row pager" data-testid="repeat-picker">
          <span className="muted">Repeat:</span>
          {view.repeats.map((r) =>
            r === view.repeat ? (
              <b key={r} data-testid="repeat-current">
                {r}
              </b>
            ) : (
              <Link key={r} prefetch={false} href={href({ repeat: String(r), aRun: null, bRun: null, turns: null })}>
                {r}
              </Link>
            ),
          )}
        </nav>
      )}
      {view.repeats.length === 0 && q.a && q.b && (
        <div className="notice" data-testid="no-runs">
          Neither {q.a.config} nor {q.b.config} has a run of {view.task ?? "this task"} in this selection: go back to
          Compare and pick a task both sides ran.
        </div>
      )}

      {(["a", "b"] as const).map((s) => {
        const side = view[s];
        if (side.candidates.length < 2 || !side.view) return null;
        const shownId = String(side.view.data.run.runId);
        const showing = side.candidates.find((c) => c.id === shownId);
        return (
          <p className="notice" key={s} data-testid={`several-${s}`}>
            {s} ({side.config}) has {side.candidates.length} runs of this task and repeat in the selection, one per
            session: showing the one in <Inert text={showing?.sessionName ?? "?"} />. Show instead:{" "}
            {side.candidates
              .filter((c) => c.id !== shownId)
              .map((c, i) => (
                <span key={c.id}>
                  {i > 0 ? ", " : ""}
                  <Link prefetch={false} href={href({ [`${s}Run`]: c.id, turns: null })}>
                    <Inert text={c.sessionName} />
                  </Link>
                </span>
              ))}
            .
          </p>
        );
      })}

      <div className="grid2 sbs-heads">
        <SideHeader label="a" side={view.a} />
        <SideHeader label="b" side={view.b} />
      </div>

      <div className="panel sbs-divergence" data-testid="divergence" data-turn={divergesAt ?? undefined}>
        {d ? (
          <>
            <Inert text={divergenceSentence(d)} />{" "}
            {divergesAt !== null && (
              <a href={shownAt(shown, divergesAt, pageHref)} data-testid="divergence-jump">
                Go to turn {divergesAt} ↓
              </a>
            )}
          </>
        ) : view.unaligned.length ? (
          <span className="muted">
            {view.unaligned.join(" and ")}&apos;s trace keeps no tool calls per turn (an imported run, or a trace that
            does not read), so where the two diverge cannot be told.
          </span>
        ) : (
          <span className="muted">One side has no run here, so there is nothing to align.</span>
        )}
      </div>

      {view.turnCount > 0 && (
        <>
          <TurnPager window={shown} pageHref={pageHref} />
          <AlignedTurns
            labels={{ a: view.a.config, b: view.b.config }}
            a={view.a.view}
            b={view.b.view}
            count={view.turnCount}
            shown={shown}
            divergesAt={divergesAt}
            pageHref={pageHref}
          />
        </>
      )}
    </>
  );
}

/** The jump to turn n: on this page when it is shown in full, else the page of turns that shows it. */
function shownAt(
  shown: ReturnType<typeof turnWindow>,
  n: number,
  pageHref: (turns: string | number) => string,
): string {
  if (shown.current === null || (n >= shown.current.from && n <= shown.current.to)) return `#turn-${n}`;
  const page = shown.pages.find((p) => n >= p.from && n <= p.to)?.page ?? 1;
  return `${pageHref(page)}#turn-${n}`;
}
